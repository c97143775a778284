// kbp token …: access tokens. A token is printed once, at creation; lists show only its ends.
import { Option, type Command } from 'commander';
import { DEFAULT_TOKEN_LIFETIME } from '../auth/token-lifetime';
import type { TokenSummary } from '../auth/tokens.service';
import { scopes } from '../vocabulary';
import { withAdmin } from './context';
import { formatTable } from './table';

const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')}Z`;

function status(token: TokenSummary, now: number): string {
  if (token.revokedAt !== null) return `revoked ${minute(token.revokedAt)}`;
  return Date.parse(token.expiresAt) <= now ? 'expired' : 'active';
}

export function registerTokenCommands(program: Command): void {
  const token = program.command('token').description('Manage access tokens');

  token.command('create')
    .description('Create an access token and print it, alone on one line (it is shown only this once)')
    .requiredOption('--base <BASE_ID>', 'the knowledge base the token opens')
    .requiredOption('--user <EMAIL>', 'the member the token acts for')
    .addOption(new Option('--scope <SCOPE>', 'what the token allows: read, or write (read and write)').choices(scopes).makeOptionMandatory())
    .option('--expires-in <DURATION>', 'lifetime: a number with s, m, h or d, at most 366d', DEFAULT_TOKEN_LIFETIME)
    .option('--name <NAME>', 'a name to tell the token apart by (1 to 100 characters), shown in lists and on the token page')
    .action(async (options: { base: string; user: string; scope: string; expiresIn: string; name?: string }, command: Command) => {
      const created = await withAdmin(command, ({ tokens }) => tokens.create({
        baseId: options.base, email: options.user, scope: options.scope, expiresIn: options.expiresIn, name: options.name,
      }));
      console.log(created.token);
      // The note goes to stderr so that stdout holds the token alone, ready for a script.
      console.error(`Token ${created.tokenId} expires ${minute(created.expiresAt)}; store it now, it is not shown again.`);
      if (created.role !== 'owner') {
        console.error(`Note: ${options.user} is ${created.role} of ${options.base}; the API lets only owners in, so this token is refused (403) until they are made owner.`);
      }
    });

  token.command('list')
    .description('List access tokens (never the tokens themselves: id, name, ends, owner, scope, expiry, last use)')
    .option('--base <BASE_ID>', 'only the tokens of this knowledge base')
    .action(async (options: { base?: string }, command: Command) => {
      const tokens = await withAdmin(command, (admin) => admin.tokens.list(options.base));
      if (tokens.length === 0) {
        console.log(options.base ? `No tokens for ${options.base}.` : 'No tokens.');
        return;
      }
      const now = Date.now();
      console.log(formatTable(
        ['ID', 'NAME', 'BASE', 'TOKEN', 'OWNER', 'SCOPE', 'EXPIRES', 'LAST USED', 'STATUS'],
        tokens.map((t) => [
          t.tokenId, t.name ?? '-', t.baseId, `${t.displayPrefix}…${t.lastFour}`, t.ownerEmail, t.scope, minute(t.expiresAt),
          t.lastUsedAt === null ? 'never' : minute(t.lastUsedAt), status(t, now),
        ]),
      ));
    });

  token.command('revoke')
    .description('Revoke an access token at once')
    .argument('<TOKEN_ID>', 'the id shown by kbp token list (tok_…)')
    .action(async (tokenId: string, _options: unknown, command: Command) => {
      await withAdmin(command, ({ tokens }) => tokens.revoke(tokenId));
      console.log(`Revoked token ${tokenId}.`);
    });
}
