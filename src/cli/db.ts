// kbp db …: the database itself.
import type { Command } from 'commander';
import { databaseUrl, withAdmin } from './context';
import { printableUrl } from './database-url';

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('Manage the database');

  db.command('migrate')
    .description('Create or upgrade the database schema (kbp serve and every other command do this first too)')
    .action(async (_options: unknown, command: Command) => {
      // Opening the database migrates it; concurrent migrations of one database wait for each other.
      await withAdmin(command, async () => {});
      console.log(`The database schema is up to date (${printableUrl(databaseUrl(command))}).`);
    });
}
