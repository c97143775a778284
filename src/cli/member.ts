// kbp member …: who may use a knowledge base, and with which role.
import { Option, type Command } from 'commander';
import { roles } from '../vocabulary';
import { withAdmin } from './context';

export function registerMemberCommands(program: Command): void {
  const member = program.command('member').description('Manage the members of knowledge bases');

  member.command('add')
    .description("Make a user a member of a knowledge base, or change a member's role")
    .argument('<BASE_ID>', 'the knowledge base')
    .argument('<EMAIL>', 'the user')
    .addOption(new Option('--role <ROLE>', 'only an owner may use the API; writer and reader are refused (403) until made owner').choices(roles).makeOptionMandatory())
    .action(async (baseId: string, email: string, options: { role: string }, command: Command) => {
      const membership = await withAdmin(command, ({ members }) => members.add(baseId, email, options.role));
      const change = membership.previousRole && membership.previousRole !== membership.role
        ? ` (was ${membership.previousRole})`
        : '';
      console.log(`${membership.email} is ${membership.role} of ${membership.baseId}${change}.`);
    });
}
