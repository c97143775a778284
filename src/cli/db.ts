// kbp db …: the database itself.
import type { Command } from 'commander';
import { databaseUrl, withStore } from './context.ts';

/** The URL without its password, fit to print. */
export function printableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('Manage the database');

  db.command('migrate')
    .description('Create or upgrade the database schema (kbp serve does this on every start too)')
    .action(async (_options: unknown, command: Command) => {
      // Opening a store migrates it; concurrent migrations of one database wait for each other.
      await withStore(command, async () => {});
      console.log(`The database schema is up to date (${printableUrl(databaseUrl(command))}).`);
    });
}
