// A newcomer's first minute: on a database without any knowledge base, `kbp serve` creates a
// demo base with an owner, a welcome page and a write token, and prints how to use them, with a
// one-time link where the owner (the first account: an administrator) sets a password.
import type { MembersService } from '../auth/members.service';
import type { TokensService } from '../auth/tokens.service';
import type { UsersService } from '../auth/users.service';
import type { BasesService } from '../bases/bases.service';
import type { AccountsService } from '../identity/accounts.service';
import { setupUrl, type OneTimeLinksService } from '../identity/one-time-links.service';
import type { PagesService } from '../pages/pages.service';
import { shellWord } from './context';
import { printableUrl } from './database-url';

export const DEMO_BASE_ID = 'demo-base';
export const DEMO_OWNER_EMAIL = 'owner@example.com';
const DEMO_TOKEN_LIFETIME = '30d';
const DEMO_LINK_LIFETIME_MS = 3_600_000;

export interface DemoServices {
  bases: BasesService;
  users: UsersService;
  members: MembersService;
  tokens: TokensService;
  pages: PagesService;
  accounts: AccountsService;
  links: OneTimeLinksService;
}

export interface Demo {
  baseId: string;
  email: string;
  token: string;
  /** The one-time link's secret, for <public URL>/setup/<secret>: valid one hour. */
  setupSecret: string;
}

const welcomePage = `# Welcome to kb-pages

This page lives in the demo knowledge base \`${DEMO_BASE_ID}\`. Change it, add pages next to it,
or delete the whole demo once you have made your own knowledge base.

The manual is served at \`/api/v1/manual\`, the OpenAPI description at \`/api/v1/openapi.json\`
and Swagger UI at \`/api/v1/docs\`.
`;

/** Creates the demo once: null when the database already has a knowledge base. */
export async function createDemoIfEmpty(services: DemoServices): Promise<Demo | null> {
  const { bases, users, members, tokens, pages, accounts, links } = services;
  if ((await bases.count()) > 0) return null;
  try {
    await bases.create({ baseId: DEMO_BASE_ID, description: 'A demo knowledge base to try kb-pages with', view: 'L' });
  } catch (error) {
    // Another process starting on the same database created it first.
    if (await bases.find(DEMO_BASE_ID)) return null;
    throw error;
  }
  const owner = (await users.findByEmail(DEMO_OWNER_EMAIL)) ?? (await users.create({ email: DEMO_OWNER_EMAIL, name: 'Demo Owner' }));
  await members.add(DEMO_BASE_ID, DEMO_OWNER_EMAIL, 'owner');
  await pages.create(DEMO_BASE_ID, { title: 'Welcome to kb-pages', body: welcomePage, type: 'M', lang: 'en' });
  const { token } = await tokens.create({ baseId: DEMO_BASE_ID, email: DEMO_OWNER_EMAIL, scope: 'write', expiresIn: DEMO_TOKEN_LIFETIME });
  // On a fresh database the owner's is the first account, so an administrator's.
  await accounts.ensureAccount(owner.userId);
  const setupSecret = await links.issue(owner.userId, DEMO_LINK_LIFETIME_MS);
  return { baseId: DEMO_BASE_ID, email: DEMO_OWNER_EMAIL, token, setupSecret };
}

/**
 * The welcome block; `url` is where the service listens, `publicUrl` where browsers reach it (the
 * one-time link's address); `dbOption` is ` --db …` when the database is not the default one.
 */
export function welcomeText(demo: Demo, url: string, dbOption: string, publicUrl = url): string {
  const kbp = (args: string) => `    npx kbp ${args}${dbOption}`;
  return [
    '',
    'Welcome to kb-pages! This database had no knowledge base, so a demo one was created:',
    `  knowledge base  ${demo.baseId}`,
    `  owner           ${demo.email}`,
    `  write token     ${demo.token}`,
    '                  (valid 30 days; shown only this once)',
    `  set a password  ${setupUrl(publicUrl, demo.setupSecret)}`,
    '                  (one-time link, valid 1 hour)',
    '',
    'Try it:',
    `    curl -H "Authorization: Bearer ${demo.token}" ${url}/api/v1/bases/${demo.baseId}/pages`,
    '',
    'Make your own knowledge base, user and token:',
    kbp('base create my-team-docs --description "Our team documents"'),
    kbp('user create you@example.com --name "Your Name"'),
    kbp('member add my-team-docs you@example.com --role owner'),
    kbp('token create --base my-team-docs --user you@example.com --scope write'),
    '',
    `The manual: ${url}/api/v1/manual  (OpenAPI: ${url}/api/v1/openapi.json, Swagger UI: ${url}/api/v1/docs)`,
    'This demo is made only on a database without any knowledge base; kbp serve --no-demo skips it.',
    '',
  ].join('\n');
}

/** ` --db URL` for the hints (its password masked), or nothing for the default database. */
export function dbOptionFor(databaseUrl: string, isDefault: boolean): string {
  return isDefault ? '' : ` --db ${shellWord(printableUrl(databaseUrl))}`;
}
