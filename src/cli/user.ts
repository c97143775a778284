// kbp user …: users, who become members of knowledge bases and own tokens.
import type { Command } from 'commander';
import { withAdmin } from './context';

export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('Manage users');

  user.command('create')
    .description('Create a user')
    .argument('<EMAIL>', 'the email address that names the user')
    .option('--name <NAME>', 'display name (default: the part of the address before the @)')
    .action(async (email: string, options: { name?: string }, command: Command) => {
      const created = await withAdmin(command, ({ users }) => users.create({ email, name: options.name }));
      console.log(`Created user ${created.email} (${created.name}).`);
    });
}
