// The administration services on a Nest application context (no HTTP listener) over the
// database of a URL, opened and migrated; close() releases it.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { MembersService } from '../auth/members.service';
import { TokensService } from '../auth/tokens.service';
import { UsersService } from '../auth/users.service';
import { BasesService } from '../bases/bases.service';
import { defaults } from '../config/config';
import { parseDatabaseUrl } from '../database/data-source';
import { AccountsService } from '../identity/accounts.service';
import { OneTimeLinksService } from '../identity/one-time-links.service';
import { CliModule } from './cli.module';
import { openFailure } from './database-url';

export interface Admin {
  bases: BasesService;
  users: UsersService;
  members: MembersService;
  tokens: TokensService;
  accounts: AccountsService;
  links: OneTimeLinksService;
}

export interface AdminContext extends Admin {
  close(): Promise<void>;
}

export async function openAdmin(databaseUrl: string): Promise<AdminContext> {
  parseDatabaseUrl(databaseUrl); // a URL of an unknown kind is refused before anything starts
  let context;
  try {
    context = await NestFactory.createApplicationContext(CliModule.forRoot({ ...defaults, databaseUrl }), {
      logger: false,
      abortOnError: false,
    });
  } catch (error) {
    throw openFailure(databaseUrl, error);
  }
  return {
    bases: context.get(BasesService),
    users: context.get(UsersService),
    members: context.get(MembersService),
    tokens: context.get(TokensService),
    accounts: context.get(AccountsService),
    links: context.get(OneTimeLinksService),
    close: () => context.close(),
  };
}
