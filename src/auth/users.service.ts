// Users: created by an administrator, named by a lower-cased email address.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation } from '../database/db-errors';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest, notFound } from '../errors/domain-error';
import { now } from '../vocabulary';
import { UsersRepository, type UserRecord } from './users.repository';

export type { UserRecord } from './users.repository';

// Rough on purpose: one @, something on each side, a dot in the domain, no spaces.
const emailShape = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Email addresses are compared in lower case, so `Alice@Example.com` and `alice@example.com` are one user. */
export function normaliseEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (normalised.length > 254 || !emailShape.test(normalised)) {
    throw badRequest(`"${email}" is not a valid email address (expected something like alice@example.com).`);
  }
  return normalised;
}

export interface NewUserInput {
  email: string;
  /** Default: the part of the address before the @. */
  name?: string;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly users: UsersRepository,
  ) {}

  create(input: NewUserInput): Promise<UserRecord> {
    return this.db.write((tx) => this.createIn(tx, input));
  }

  /** Creates the user in the write `tx` (another module's, which adds its own rows in the same transaction). */
  async createIn(tx: EntityManager, input: NewUserInput): Promise<UserRecord> {
    const email = normaliseEmail(input.email);
    const name = input.name?.trim() || email.slice(0, email.indexOf('@'));
    try {
      return await this.users.insert(tx, { email, name }, now());
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(`The user "${email}" already exists.`);
      throw error;
    }
  }

  /** The user of an address in any case, or null. */
  findByEmail(email: string): Promise<UserRecord | null> {
    return this.users.findByEmail(this.db.reader, normaliseEmail(email));
  }

  /** The user of an address in any case, read with `em` (a write's transaction), or null. */
  findIn(em: EntityManager, email: string): Promise<UserRecord | null> {
    return this.users.findByEmail(em, normaliseEmail(email));
  }

  /** The user, read with `em` (a write's transaction), or NOT_FOUND saying how to create it. */
  async require(em: EntityManager, email: string): Promise<UserRecord> {
    const normalised = normaliseEmail(email);
    const user = await this.users.findByEmail(em, normalised);
    if (!user) throw notFound(`There is no user "${normalised}"; create it with: kbp user create ${normalised}`);
    return user;
  }
}
