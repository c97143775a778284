// Knowledge bases: creation and lookup for administration (the kbp command line).
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest } from '../errors/domain-error';
import { now, type View } from '../vocabulary';
import { BasesRepository, type BaseRecord } from './bases.repository';

/** A base id: lowercase letters, digits and hyphens, 6 characters or more. */
export const BASE_ID_PATTERN = /^[a-z0-9-]{6,}$/;

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

  async create(baseId: string, description: string, view: View): Promise<void> {
    if (!BASE_ID_PATTERN.test(baseId)) {
      throw badRequest(`A knowledge base id is 6 or more lowercase letters, digits and hyphens, not "${baseId}".`);
    }
    await this.db.write(async (tx) => {
      if (await this.bases.find(tx, baseId)) throw badRequest(`The knowledge base "${baseId}" already exists.`);
      await this.bases.insert(tx, { baseId, description, view }, now());
    });
  }
}
