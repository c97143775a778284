// kbp user …: users, who become members of knowledge bases and own tokens, and their accounts:
// passwords, one-time sign-in links, administrators, disabled users.
import type { Command } from 'commander';
import { loadConfig, publicUrlOf } from '../config/config';
import { badRequest, notFound } from '../errors/domain-error';
import { checkPassword, type Account } from '../identity/accounts.service';
import { setupUrl } from '../identity/one-time-links.service';
import type { Admin } from './admin-context';
import { withAdmin } from './context';
import { readPassword } from './password-input';
import { formatTable } from './table';

async function accountOf(admin: Admin, email: string): Promise<Account> {
  const account = await admin.accounts.findByEmail(email);
  if (!account) throw notFound(`There is no user "${email.trim().toLowerCase()}"; create it with: kbp user create ${email.trim().toLowerCase()}`);
  return account;
}

/** The password, checked before the database opens; typed twice when `confirm` and on a terminal. */
async function passwordFrom(prompt: string, confirm: boolean): Promise<string> {
  const password = await readPassword(prompt, confirm);
  checkPassword(password);
  return password;
}

const yes = (flag: boolean) => (flag ? 'yes' : 'no');

export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('Manage users');

  user.command('create')
    .description('Create a user (the first one is an instance administrator)')
    .argument('<EMAIL>', 'the email address that names the user')
    .option('--name <NAME>', 'display name (default: the part of the address before the @)')
    .option('--admin', 'make the user an instance administrator')
    .option('--password-stdin', 'read the password from the first line of stdin (else: sign in through kbp user sign-in-link)')
    .action(async (email: string, options: { name?: string; admin?: boolean; passwordStdin?: boolean }, command: Command) => {
      const password = options.passwordStdin ? await passwordFrom('Password: ', false) : undefined;
      const created = await withAdmin(command, ({ accounts }) => accounts.create({ email, name: options.name, admin: options.admin, password }));
      console.log(`Created user ${created.email} (${created.name})${created.isAdmin ? ', an instance administrator' : ''}.`);
    });

  user.command('set-password')
    .description("Set a user's password (from a terminal: typed twice without echo) and end their sessions")
    .argument('<EMAIL>', 'the user')
    .option('--password-stdin', 'read the password from the first line of stdin, even on a terminal')
    .action(async (email: string, options: { passwordStdin?: boolean }, command: Command) => {
      // Without a terminal stdin is read either way; on one, --password-stdin asks once.
      const password = await passwordFrom(`New password for ${email}: `, !options.passwordStdin);
      const account = await withAdmin(command, ({ accounts }) => accounts.setPassword(email, password));
      console.log(`Set the password of ${account.email}; their sessions have ended.`);
    });

  user.command('sign-in-link')
    .description('Print a one-time link (valid 1 hour) where the user sets a new password and signs in')
    .argument('<EMAIL>', 'the user')
    .action(async (email: string, _options: unknown, command: Command) => {
      // KB_PUBLIC_URL, else the address kbp serve listens on (HOST, PORT): read before the database opens.
      const publicUrl = publicUrlOf(loadConfig());
      const { account, secret } = await withAdmin(command, async (admin) => {
        const account = await accountOf(admin, email);
        if (account.disabled) throw badRequest(`${account.email} is disabled; enable them first with: kbp user enable ${account.email}`);
        return { account, secret: await admin.links.issue(account.userId) };
      });
      console.log(`One-time link for ${account.email}, valid 1 hour: it sets a new password and signs in.`);
      // The link alone on the last line, ready for a script.
      console.log(setupUrl(publicUrl, secret));
    });

  user.command('list')
    .description('List users: address, name, administrator, disabled, whether a password is set')
    .action(async (_options: unknown, command: Command) => {
      const accounts = await withAdmin(command, (admin) => admin.accounts.list());
      if (accounts.length === 0) {
        console.log('No users.');
        return;
      }
      console.log(formatTable(
        ['EMAIL', 'NAME', 'ADMIN', 'DISABLED', 'PASSWORD'],
        accounts.map((a) => [a.email, a.name, yes(a.isAdmin), yes(a.disabled), a.hasPassword ? 'set' : 'none']),
      ));
    });

  user.command('disable')
    .description('Disable a user: their sessions end and their tokens are revoked at once')
    .argument('<EMAIL>', 'the user')
    .action(async (email: string, _options: unknown, command: Command) => {
      const account = await withAdmin(command, async (admin) => admin.accounts.setDisabled((await accountOf(admin, email)).userId, true));
      console.log(`Disabled ${account.email}: their sessions have ended and their tokens are revoked.`);
    });

  user.command('enable')
    .description('Enable a disabled user again (their revoked tokens stay revoked)')
    .argument('<EMAIL>', 'the user')
    .action(async (email: string, _options: unknown, command: Command) => {
      const account = await withAdmin(command, async (admin) => admin.accounts.setDisabled((await accountOf(admin, email)).userId, false));
      console.log(`Enabled ${account.email}.`);
    });

  user.command('admin')
    .description('Make a user an instance administrator, or no longer one with --revoke')
    .argument('<EMAIL>', 'the user')
    .option('--revoke', 'take the administrator role away (the last administrator keeps it)')
    .action(async (email: string, options: { revoke?: boolean }, command: Command) => {
      const account = await withAdmin(command, async (admin) => admin.accounts.setAdmin((await accountOf(admin, email)).userId, !options.revoke));
      console.log(`${account.email} is ${account.isAdmin ? 'an' : 'no longer an'} instance administrator.`);
    });
}
