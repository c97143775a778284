// What every command that touches the database shares: which database, opened and migrated.
import type { Command } from 'commander';
import { databaseUrlFrom, postgresSettingsFrom } from '../config.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';

/** The database of `--db` (before or after the command's arguments), else KB_DATABASE_URL, else ./data/kb.db. */
export function databaseUrl(command: Command): string {
  const { db } = command.optsWithGlobals<{ db?: string }>();
  return db ?? databaseUrlFrom();
}

/** Opens and migrates the command's database, runs `work`, and always closes it. */
export async function withStore<T>(command: Command, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(databaseUrl(command), postgresSettingsFrom());
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** A word for a shell command line, quoted when it holds anything but plain characters. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
