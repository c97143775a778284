// What every command that touches the database shares: which database, opened and migrated.
import type { Command } from 'commander';
import { databaseUrlFrom } from '../config/config';
import type { Admin } from './admin-context';

/** The database of `--db` (before or after the command's arguments), else KB_DATABASE_URL, else ./data/kb.db. */
export function databaseUrl(command: Command): string {
  const { db } = command.optsWithGlobals<{ db?: string }>();
  return db ?? databaseUrlFrom();
}

/** Opens and migrates the command's database, runs `work` with the services, and always closes it. */
export async function withAdmin<T>(command: Command, work: (admin: Admin) => Promise<T>): Promise<T> {
  // Loaded on use, so that --help and usage errors answer without starting Nest and TypeORM.
  const { openAdmin } = require('./admin-context') as typeof import('./admin-context');
  const admin = await openAdmin(databaseUrl(command));
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

/** A word for a shell command line, quoted when it holds anything but plain characters. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
