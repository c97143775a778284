// The SQL of memberships: a user's role in a knowledge base.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '../vocabulary';
import { MemberEntity } from './member.entity';

/** A member of a base as its members page lists them. */
export interface MemberRecord {
  userId: number;
  email: string;
  name: string;
  role: Role;
}

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

  /** The base's members with their names and addresses, by address. */
  async listOfBase(em: EntityManager, baseId: string): Promise<MemberRecord[]> {
    const rows: { user_id: number; email: string; name: string; role: Role }[] = await em.query(
      'SELECT m.user_id, u.email, u.name, m.role FROM members m JOIN users u ON u.user_id = m.user_id WHERE m.base_id = ? ORDER BY u.email',
      [baseId],
    );
    return rows.map((row) => ({ userId: Number(row.user_id), email: row.email, name: row.name, role: row.role }));
  }

  /** The member's row with their address, or null when the user is not a member of the base. */
  async memberOf(em: EntityManager, baseId: string, userId: number): Promise<MemberRecord | null> {
    const rows: { user_id: number; email: string; name: string; role: Role }[] = await em.query(
      'SELECT m.user_id, u.email, u.name, m.role FROM members m JOIN users u ON u.user_id = m.user_id WHERE m.base_id = ? AND m.user_id = ?',
      [baseId, userId],
    );
    const row = rows[0];
    return row ? { userId: Number(row.user_id), email: row.email, name: row.name, role: row.role } : null;
  }

  /** How many owners the base has. */
  async countOwners(em: EntityManager, baseId: string): Promise<number> {
    const rows: { n: number }[] = await em.query("SELECT COUNT(*) AS n FROM members WHERE base_id = ? AND role = 'owner'", [baseId]);
    return Number(rows[0]?.n ?? 0);
  }

  async remove(tx: EntityManager, baseId: string, userId: number): Promise<void> {
    await tx.getRepository(MemberEntity).delete({ baseId, userId });
  }
}
