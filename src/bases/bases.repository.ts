// The SQL of knowledge bases (administration: the kbp command line).
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { View } from '../vocabulary';
import { KnowledgeBaseEntity } from './base.entity';

export interface BaseRecord {
  baseId: string;
  description: string;
  view: View;
  livePages: number;
}

export interface NewBaseRecord {
  baseId: string;
  description: string;
  view: View;
}

function recordOf(base: KnowledgeBaseEntity): BaseRecord {
  return { baseId: base.baseId, description: base.description, view: base.view, livePages: Number(base.livePages) };
}

@Injectable()
export class BasesRepository {
  async count(em: EntityManager): Promise<number> {
    return em.getRepository(KnowledgeBaseEntity).count();
  }

  async find(em: EntityManager, baseId: string): Promise<BaseRecord | null> {
    const base = await em.getRepository(KnowledgeBaseEntity).findOneBy({ baseId });
    return base ? recordOf(base) : null;
  }

  /** Every base, by id. */
  async list(em: EntityManager): Promise<BaseRecord[]> {
    return (await em.getRepository(KnowledgeBaseEntity).find({ order: { baseId: 'ASC' } })).map(recordOf);
  }

  /** The base's live page count, 0 when there is no such base. */
  async livePages(em: EntityManager, baseId: string): Promise<number> {
    const rows: { live_pages: number }[] = await em.query('SELECT live_pages FROM bases WHERE base_id = ?', [baseId]);
    return rows[0] ? Number(rows[0].live_pages) : 0;
  }

  /** Fails with the driver's unique-key error when the id is taken. */
  async insert(tx: EntityManager, base: NewBaseRecord, createdAt: string): Promise<void> {
    await tx.getRepository(KnowledgeBaseEntity).insert({ ...base, livePages: 0, outlineVersion: 0, createdAt });
  }

  /** The base's description and visibility. */
  async updateSettings(tx: EntityManager, baseId: string, settings: { description: string; view: View }): Promise<void> {
    await tx.getRepository(KnowledgeBaseEntity).update({ baseId }, { description: settings.description, view: settings.view });
  }
}
