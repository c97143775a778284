// Chooses the store for a database URL and brings its schema up to date. One `if` per scheme,
// so a new backend plugs in here and nowhere else.
import { SqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

export const DEFAULT_DATABASE_URL = './data/kb.db';

/** PostgreSQL connection settings; they apply only when the database URL is postgres://…. */
export interface PostgresSettings {
  /** Most connections one process opens (default 10). */
  poolMax: number;
  /** Longest a statement may run on the server, in milliseconds; 0 means no limit (default 10000). */
  statementTimeoutMs: number;
  /** Longest wait for a connection, new or from a busy pool, in milliseconds (default 5000). */
  connectTimeoutMs: number;
}

/**
 * Opens the store that `url` names and migrates its schema; a plain path means SQLite. The
 * PostgreSQL settings (config.ts postgresSettingsFrom) apply to a postgres:// URL only.
 */
export async function openStore(url: string = DEFAULT_DATABASE_URL, postgres: Partial<PostgresSettings> = {}): Promise<Store> {
  const store = await createStore(url.trim(), postgres);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function createStore(url: string, postgres: Partial<PostgresSettings>): Promise<Store> {
  if (url === '') throw new Error('The database URL is empty; give a file path, sqlite:PATH or postgres://….');
  if (/^postgres(ql)?:\/\//i.test(url)) {
    // Loaded only when asked for, so SQLite users never load the PostgreSQL driver.
    const { PostgresStore } = await import('./postgres/postgres-store.ts');
    return new PostgresStore({ url, ...postgres });
  }
  if (url.toLowerCase().startsWith('sqlite:')) {
    // sqlite:PATH, also written sqlite://PATH (so sqlite:///srv/kb.db is an absolute path).
    return openSqlite(url.slice('sqlite:'.length).replace(/^\/\//, ''));
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`Unsupported database URL "${url}"; use a file path, sqlite:PATH or postgres://….`);
  }
  return openSqlite(url);
}

function openSqlite(path: string): Store {
  if (path === '') throw new Error('The SQLite URL names no file; write it as sqlite:PATH, for example sqlite:./data/kb.db.');
  try {
    // The constructor creates the file's directory when it is missing.
    return new SqliteStore(path);
  } catch (error) {
    throw new Error(`Cannot open the SQLite database "${path}": ${(error as Error).message}`);
  }
}
