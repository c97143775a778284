// Memberships: who may use a knowledge base, and with which role.
import { Injectable } from '@nestjs/common';
import { BasesService, type BaseRecord, type NewBaseInput } from '../bases/bases.service';
import { isUniqueViolation } from '../database/db-errors';
import { badRequest } from '../errors/domain-error';
import { UnitOfWork } from '../database/unit-of-work';
import { oneOf, roles, type Role } from '../vocabulary';
import { MembersRepository } from './members.repository';
import { UsersService } from './users.service';

export interface Membership {
  baseId: string;
  email: string;
  role: Role;
  /** The role the user had before, or null when the user was not a member. */
  previousRole: Role | null;
}

@Injectable()
export class MembersService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly members: MembersRepository,
    private readonly bases: BasesService,
    private readonly users: UsersService,
  ) {}

  /** Creates a base with its first owner, in one transaction: never a base without an owner. */
  async createBaseWithOwner(input: NewBaseInput, ownerEmail: string): Promise<BaseRecord> {
    try {
      return await this.db.write(async (tx) => {
        const owner = await this.users.require(tx, ownerEmail);
        const base = await this.bases.createIn(tx, input);
        await this.members.setRole(tx, base.baseId, owner.userId, 'owner');
        return base;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(`The knowledge base "${input.baseId}" already exists.`);
      throw error;
    }
  }

  /** The ids of the bases the user owns, in order: those a token page offers. */
  basesOwnedBy(userId: number): Promise<string[]> {
    return this.members.basesWithRole(this.db.reader, userId, 'owner');
  }

  /** The user's role in the base, or null when not a member. */
  roleOf(baseId: string, userId: number): Promise<Role | null> {
    return this.members.roleOf(this.db.reader, baseId, userId);
  }

  /** Makes the user a member of the base with `role`, or changes the role of a member. */
  async add(baseId: string, email: string, role: string): Promise<Membership> {
    const checkedRole = oneOf<Role>(roles, role, 'role');
    return this.db.write(async (tx) => {
      const base = await this.bases.require(tx, baseId);
      const user = await this.users.require(tx, email);
      const previousRole = await this.members.roleOf(tx, base.baseId, user.userId);
      await this.members.setRole(tx, base.baseId, user.userId, checkedRole);
      return { baseId: base.baseId, email: user.email, role: checkedRole, previousRole };
    });
  }
}
