// Runs the real kbp command (bin/kbp.js) as a child process against a temporary SQLite file.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';

export const kbpBin = fileURLToPath(new URL('../../bin/kbp.js', import.meta.url));
const COMMAND_TIMEOUT_MS = 30_000;
const SERVE_TIMEOUT_MS = 30_000;

export interface KbpResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of the child: this one without any kb-pages setting, plus `extra`. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('KB_') || name === 'HOST' || name === 'PORT') delete env[name];
  }
  return { ...env, ...extra };
}

export function kbp(args: readonly string[], env: Record<string, string> = {}): Promise<KbpResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [kbpBin, ...args], { env: childEnv(env), timeout: COMMAND_TIMEOUT_MS }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A fresh directory with the path of a database file that does not exist yet. */
export function tempDatabase(): { db: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-cli-'));
  return { db: join(dir, 'data', 'kb.db'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Opens the database a command wrote, for checks; the caller closes it. */
export async function openDatabase(db: string): Promise<Store> {
  const store = new SqliteStore(db);
  await store.migrate();
  return store;
}

/** Runs kbp and fails the test with its stderr when it does not succeed. */
export async function kbpOk(args: readonly string[]): Promise<KbpResult> {
  const result = await kbp(args);
  if (result.code !== 0) throw new Error(`kbp ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result;
}

/** Creates a base, a user who is a member with `role`, and returns nothing; all through kbp. */
export async function seedMember(db: string, baseId: string, email: string, role = 'owner'): Promise<void> {
  await kbpOk(['--db', db, 'base', 'create', baseId]);
  await kbpOk(['--db', db, 'user', 'create', email]);
  await kbpOk(['--db', db, 'member', 'add', baseId, email, '--role', role]);
}

export interface RunningServe {
  child: ChildProcess;
  /** The address printed on the listening line. */
  url: string;
  /** Stdout so far; complete once `stop()` has resolved. */
  output(): string;
  /** Resolves with the first match of `pattern` in stdout, waiting for it if need be. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Sends SIGTERM and resolves with the exit code and the whole output. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Starts `kbp serve --port 0` and resolves once it prints where it listens. */
export function startServe(args: readonly string[], env: Record<string, string> = {}): Promise<RunningServe> {
  const child = spawn(process.execPath, [kbpBin, 'serve', '--port', '0', ...args], {
    env: childEnv({ KB_LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  // Never leave a server behind, whatever the test does.
  const killer = setTimeout(() => child.kill('SIGKILL'), SERVE_TIMEOUT_MS);
  exited.then(() => clearTimeout(killer));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const { code, signal } = await exited;
    return { code, signal, stdout, stderr };
  };

  const waitFor = (pattern: RegExp) => new Promise<RegExpExecArray>((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(stdout);
      if (!match) return;
      child.stdout!.off('data', check);
      resolve(match);
    };
    child.stdout!.on('data', check);
    check();
    exited.then(({ code, signal }) => {
      reject(new Error(`kbp serve ended before printing ${pattern} (code ${code}, signal ${signal}): ${stderr}`));
    });
  });

  return waitFor(/listening on (http:\/\/\S+)/).then((match) => ({
    child, url: match[1], output: () => stdout, waitFor, stop,
  }));
}
