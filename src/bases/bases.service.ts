// Knowledge bases: creation and lookup for administration (the kbp command line).
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation } from '../database/db-errors';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest, baseGone, DomainError, notFound } from '../errors/domain-error';
import { now, oneOf, views, type View } from '../vocabulary';
import { BasesRepository, type BaseRecord } from './bases.repository';

export type { BaseRecord } from './bases.repository';

/** The refusal of a command naming a base that is not there, with how to make it. */
export function noSuchBase(baseId: string): DomainError {
  return notFound(`There is no knowledge base "${baseId}"; create it with: kbp base create ${baseId}`);
}

/** A base id: lowercase letters, digits and hyphens, 6 characters or more. */
export const BASE_ID_PATTERN = /^[a-z0-9-]{6,}$/;

export function checkBaseId(baseId: string): string {
  if (!BASE_ID_PATTERN.test(baseId)) {
    throw badRequest(
      `"${baseId}" is not a valid knowledge-base id: use 6 or more lowercase letters, digits and hyphens (for example team-docs).`,
    );
  }
  return baseId;
}

/** The longest description the settings page stores. */
export const MAX_DESCRIPTION_LENGTH = 1000;

export interface BaseSettings {
  description: string;
  /** O, L or I. */
  view: string;
}

/** Why a settings change was refused: a page says it in its reader's language. */
export type SettingsRefusal = 'description-too-long' | 'bad-view';

export class SettingsRefused extends DomainError {
  constructor(readonly reason: SettingsRefusal, message: string) {
    super('BAD_REQUEST', message);
  }
}

export interface NewBaseInput {
  baseId: string;
  /** Default: empty. */
  description?: string;
  /** O, L or I; default L. */
  view?: string;
}

@Injectable()
export class BasesService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly bases: BasesRepository,
  ) {}

  count(): Promise<number> {
    return this.bases.count(this.db.reader);
  }

  find(baseId: string): Promise<BaseRecord | null> {
    return this.bases.find(this.db.reader, baseId);
  }

  /** The base's live page count as `em` reads it, 0 when there is no such base. */
  livePages(em: EntityManager, baseId: string): Promise<number> {
    return this.bases.livePages(em, baseId);
  }

  /** The base, read with `em` (a write's transaction), or NOT_FOUND saying how to create it. */
  async require(em: EntityManager, baseId: string): Promise<BaseRecord> {
    const base = await this.bases.find(em, baseId);
    if (!base) throw noSuchBase(baseId);
    return base;
  }

  list(): Promise<BaseRecord[]> {
    return this.bases.list(this.db.reader);
  }

  async create(input: NewBaseInput): Promise<BaseRecord> {
    try {
      return await this.db.write((tx) => this.createIn(tx, input));
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(`The knowledge base "${input.baseId}" already exists.`);
      throw error;
    }
  }

  /** Creates the base within the write `tx` (which fails with the driver's unique-key error when
   * the id is taken), for a write that does more in the same transaction. */
  async createIn(tx: EntityManager, input: NewBaseInput): Promise<BaseRecord> {
    const base = {
      baseId: checkBaseId(input.baseId),
      description: input.description ?? '',
      view: oneOf<View>(views, input.view ?? 'L', 'view'),
    };
    await this.bases.insert(tx, base, now());
    return { ...base, livePages: 0 };
  }

  /**
   * Changes the base's description and visibility together, in one transaction. It is an outline
   * write of no pages: moving the outline version tells every process's reads kept per version
   * that who may see the base's pages has changed.
   */
  async updateSettings(baseId: string, settings: BaseSettings): Promise<BaseRecord> {
    const description = settings.description.trim();
    if ([...description].length > MAX_DESCRIPTION_LENGTH) {
      throw new SettingsRefused('description-too-long', `The description may have at most ${MAX_DESCRIPTION_LENGTH} characters.`);
    }
    if (!(views as readonly string[]).includes(settings.view)) {
      throw new SettingsRefused('bad-view', `The view must be one of ${views.join(', ')}, not "${settings.view}".`);
    }
    const view = settings.view as View;
    // MariaDB's collation ignores trailing spaces: an id that is not a base id's shape names no base.
    if (!BASE_ID_PATTERN.test(baseId)) throw baseGone(baseId);
    return this.db.writeOutline(baseId, 0, async (tx) => {
      await this.db.requireBase(tx, baseId);
      await this.bases.updateSettings(tx, baseId, { description, view });
      return { ...(await this.require(tx, baseId)) };
    });
  }
}
