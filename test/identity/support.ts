// The identity services in-process, on a fresh migrated database of a backend: kbp's application
// context (CliModule, which imports IdentityModule), with the module's clock pinned so expiry and
// delays are tested by moving it, never by waiting.
import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MembersService } from '../../src/auth/members.service';
import { TokensService } from '../../src/auth/tokens.service';
import { UsersService } from '../../src/auth/users.service';
import { BasesService } from '../../src/bases/bases.service';
import { CliModule } from '../../src/cli/cli.module';
import { defaults } from '../../src/config/config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { AccountsService } from '../../src/identity/accounts.service';
import { IdentityClock } from '../../src/identity/clock';
import { OneTimeLinksService } from '../../src/identity/one-time-links.service';
import { SessionsService } from '../../src/identity/sessions.service';
import { SignInService } from '../../src/identity/sign-in.service';

export const START = Date.parse('2026-03-01T09:00:00.000Z');

export interface Identity {
  context: INestApplicationContext;
  db: UnitOfWork;
  accounts: AccountsService;
  sessions: SessionsService;
  signIn: SignInService;
  links: OneTimeLinksService;
  users: UsersService;
  bases: BasesService;
  members: MembersService;
  tokens: TokensService;
  /** The module's time, in ms since the epoch: set it to move the clock. */
  clock: { at: number };
  /** Rows of a table, by raw SQL. */
  rows(sql: string, params?: unknown[]): Promise<Record<string, any>[]>;
  close(): Promise<void>;
}

/** A context on the database at `url` (a second one on the same URL is a second process's view). */
export async function openIdentity(url: string): Promise<Identity> {
  const context = await NestFactory.createApplicationContext(CliModule.forRoot({ ...defaults, databaseUrl: url }), { logger: false, abortOnError: false });
  const clock = { at: START };
  context.get(IdentityClock).now = () => new Date(clock.at);
  const db = context.get(UnitOfWork);
  return {
    context,
    db,
    accounts: context.get(AccountsService),
    sessions: context.get(SessionsService),
    signIn: context.get(SignInService),
    links: context.get(OneTimeLinksService),
    users: context.get(UsersService),
    bases: context.get(BasesService),
    members: context.get(MembersService),
    tokens: context.get(TokensService),
    clock,
    rows: (sql, params = []) => db.reader.query(sql, params),
    close: () => context.close(),
  };
}

export const PASSWORD = 'correct horse battery';
