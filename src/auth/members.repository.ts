// The SQL of memberships: a user's role in a knowledge base.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '../vocabulary';
import { MemberEntity } from './member.entity';

@Injectable()
export class MembersRepository {
  async roleOf(em: EntityManager, baseId: string, userId: number): Promise<Role | null> {
    const member = await em.getRepository(MemberEntity).findOneBy({ baseId, userId });
    return member?.role ?? null;
  }

  /**
   * Whether the user owns the base of exactly this id: MariaDB's binary collation ignores trailing
   * spaces in comparisons, so the row found must also name the base as given.
   */
  async isOwner(em: EntityManager, baseId: string, userId: number): Promise<boolean> {
    const member = await em.getRepository(MemberEntity).findOneBy({ baseId, userId });
    return member?.role === 'owner' && member.baseId === baseId;
  }

  /** The bases where the user has `role`, by id. */
  async basesWithRole(em: EntityManager, userId: number, role: Role): Promise<string[]> {
    const rows: { base_id: string }[] = await em.query('SELECT base_id FROM members WHERE user_id = ? AND role = ? ORDER BY base_id', [userId, role]);
    return rows.map((row) => row.base_id);
  }

  /** Makes the user a member with `role`, or changes the role of a member (one upsert, safe under races). */
  async setRole(tx: EntityManager, baseId: string, userId: number, role: Role): Promise<void> {
    await tx.getRepository(MemberEntity).upsert({ baseId, userId, role }, ['baseId', 'userId']);
  }
}
