// kbp base …: knowledge bases.
import { Option, type Command } from 'commander';
import { views } from '../vocabulary';
import { withAdmin } from './context';

export function registerBaseCommands(program: Command): void {
  const base = program.command('base').description('Manage knowledge bases');

  base.command('create')
    .description('Create a knowledge base')
    .argument('<BASE_ID>', 'its id: 6 or more lowercase letters, digits and hyphens')
    .option('--description <TEXT>', 'what the knowledge base holds', '')
    .addOption(new Option('--view <VIEW>', 'default view of its pages').choices(views).default('L'))
    .action(async (baseId: string, options: { description: string; view: string }, command: Command) => {
      const created = await withAdmin(command, ({ bases }) => bases.create({ baseId, ...options }));
      console.log(`Created knowledge base ${created.baseId} (view ${created.view}).`);
    });
}
