// Memberships: who may use a knowledge base, and with which role.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BASE_ID_PATTERN, BasesService, noSuchBase, type BaseRecord, type NewBaseInput } from '../bases/bases.service';
import { isUniqueViolation } from '../database/db-errors';
import { badRequest, baseGone, DomainError } from '../errors/domain-error';
import type { ErrorCode } from '../errors/error-codes';
import { UnitOfWork } from '../database/unit-of-work';
import { oneOf, roles, type Role } from '../vocabulary';
import { MembersRepository, type MemberRecord } from './members.repository';
import { normaliseEmail, UsersService } from './users.service';

export type { MemberRecord } from './members.repository';

/** Why a change of members was refused: a page says it in its reader's language. */
export type MembershipRefusal = 'bad-email' | 'bad-role' | 'unknown-user' | 'already-member' | 'not-a-member' | 'last-owner';

/** A refused change of members, with its reason beside the message. */
export class MembershipRefused extends DomainError {
  constructor(
    readonly reason: MembershipRefusal,
    code: ErrorCode,
    message: string,
    /** The member concerned, when there is one (already-member). */
    readonly member?: MemberRecord,
  ) {
    super(code, message);
  }
}

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

  /**
   * Makes the user a member of the base with `role`, or changes the role of a member; the last
   * owner cannot be demoted (checked under the base's lock, as changeRole does).
   */
  async add(baseId: string, email: string, role: string): Promise<Membership> {
    const checkedRole = oneOf<Role>(roles, role, 'role');
    return this.db.writeToBase(baseId, async (tx) => {
      const base = await this.bases.require(tx, baseId);
      const user = await this.users.require(tx, email);
      const previousRole = await this.members.roleOf(tx, base.baseId, user.userId);
      if (previousRole === 'owner' && checkedRole !== 'owner') await this.notLastOwner(tx, base.baseId, 'demoted');
      await this.members.setRole(tx, base.baseId, user.userId, checkedRole);
      return { baseId: base.baseId, email: user.email, role: checkedRole, previousRole };
    }, () => { throw noSuchBase(baseId); });
  }

  /** The base's members (name, address, role), by address. */
  list(baseId: string): Promise<MemberRecord[]> {
    return this.members.listOfBase(this.db.reader, baseId);
  }

  /** One member of the base, or null. */
  member(baseId: string, userId: number): Promise<MemberRecord | null> {
    return this.members.memberOf(this.db.reader, baseId, userId);
  }

  /**
   * Makes an existing user a new member of the base with `role`. A member already is refused
   * (their role is changed with changeRole), as is an address nobody has an account for.
   */
  async addMember(baseId: string, email: string, role: string): Promise<MemberRecord> {
    const checkedRole = checkRole(role);
    let normalised: string;
    try {
      normalised = normaliseEmail(email);
    } catch (error) {
      if (error instanceof DomainError) throw new MembershipRefused('bad-email', 'BAD_REQUEST', error.message);
      throw error;
    }
    return this.onBase(baseId, async (tx) => {
      const user = await this.users.findIn(tx, normalised);
      if (!user) {
        throw new MembershipRefused('unknown-user', 'BAD_REQUEST', `There is no user "${normalised}": an administrator must create the account before it can be added.`);
      }
      const existing = await this.members.memberOf(tx, baseId, user.userId);
      if (existing) {
        throw new MembershipRefused('already-member', 'BAD_REQUEST', `"${user.email}" is already a member of "${baseId}" (${existing.role}); change the role instead.`, existing);
      }
      await this.members.setRole(tx, baseId, user.userId, checkedRole);
      return { userId: user.userId, email: user.email, name: user.name, role: checkedRole };
    });
  }

  /** Changes a member's role; the last owner cannot be demoted (checked under the base's lock). */
  async changeRole(baseId: string, userId: number, role: string): Promise<MemberRecord> {
    const checkedRole = checkRole(role);
    return this.onBase(baseId, async (tx) => {
      const member = await this.requireMember(tx, baseId, userId);
      if (member.role === checkedRole) return member;
      if (member.role === 'owner') await this.notLastOwner(tx, baseId, 'demoted');
      await this.members.setRole(tx, baseId, userId, checkedRole);
      return { ...member, role: checkedRole };
    });
  }

  /** Ends a membership; the last owner cannot be removed (checked under the base's lock). */
  async remove(baseId: string, userId: number): Promise<MemberRecord> {
    return this.onBase(baseId, async (tx) => {
      const member = await this.requireMember(tx, baseId, userId);
      if (member.role === 'owner') await this.notLastOwner(tx, baseId, 'removed');
      await this.members.remove(tx, baseId, userId);
      return member;
    });
  }

  /**
   * A write holding the base's lock, so that two changes of its members run one after the other
   * on every backend and across processes: each sees the owners the other left.
   */
  private onBase<T>(baseId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    // MariaDB's collation ignores trailing spaces: an id that is not a base id's shape names no base.
    if (!BASE_ID_PATTERN.test(baseId)) return Promise.reject(baseGone(baseId));
    return this.db.writeToBase(baseId, work);
  }

  private async requireMember(tx: EntityManager, baseId: string, userId: number): Promise<MemberRecord> {
    const member = await this.members.memberOf(tx, baseId, userId);
    if (!member) throw new MembershipRefused('not-a-member', 'NOT_FOUND', `User ${userId} is not a member of "${baseId}".`);
    return member;
  }

  private async notLastOwner(tx: EntityManager, baseId: string, change: 'demoted' | 'removed'): Promise<void> {
    if ((await this.members.countOwners(tx, baseId)) <= 1) {
      throw new MembershipRefused('last-owner', 'BAD_REQUEST', `The last owner of "${baseId}" cannot be ${change}: make another member an owner first.`);
    }
  }
}

function checkRole(role: string): Role {
  if (!(roles as readonly string[]).includes(role)) {
    throw new MembershipRefused('bad-role', 'BAD_REQUEST', `The role must be one of ${roles.join(', ')}, not "${role}".`);
  }
  return role as Role;
}
