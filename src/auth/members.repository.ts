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

  /** Makes the user a member with `role`, or changes the role of a member (one upsert, safe under races). */
  async setRole(tx: EntityManager, baseId: string, userId: number, role: Role): Promise<void> {
    await tx.getRepository(MemberEntity).upsert({ baseId, userId, role }, ['baseId', 'userId']);
  }
}
