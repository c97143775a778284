// Runs the real kbp command (bin/kbp.js over the compiled dist/) as a child process, on a fresh
// database of either backend, and reads what it wrote straight from the database.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseDatabaseUrl } from '../../src/database/data-source';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { createTestDatabase, type Backend, type TestDatabase } from '../support/databases';

export const kbpBin = join(__dirname, '..', '..', 'bin', 'kbp.js');
const compiledMain = join(__dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');
if (!existsSync(compiledMain)) {
  throw new Error(`The kbp tests run the compiled command, and ${compiledMain} is missing: run \`npm run build\` first.`);
}

const COMMAND_TIMEOUT_MS = 30_000;
const SERVE_TIMEOUT_MS = 60_000;

export interface KbpResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of the child: this one without any kb-pages setting, plus `extra`. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
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

/** Runs kbp and fails the test with its stderr when it does not succeed. */
export async function kbpOk(args: readonly string[], env: Record<string, string> = {}): Promise<KbpResult> {
  const result = await kbp(args, env);
  if (result.code !== 0) throw new Error(`kbp ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result;
}

/** A failed command: non-zero exit, nothing on stdout, one plain line (no stack) on stderr. */
export function expectRefused(result: KbpResult, message: RegExp): void {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** A fresh database before each test of the block, dropped after it; `url()` is its --db. */
export function freshDatabaseEach(backend: Backend): { url(): string } {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database?.drop();
  });
  return { url: () => database.url };
}

/** Opens the database a command wrote, runs `read` with raw SQL, and closes it. */
export async function inspect<T>(url: string, read: (query: (sql: string, params?: unknown[]) => Promise<any[]>) => Promise<T>): Promise<T> {
  const db = await UnitOfWork.open(parseDatabaseUrl(url));
  try {
    return await read((sql, params = []) => db.reader.query(sql, params));
  } finally {
    await db.close();
  }
}

/** Changes the database behind a command's back (to make a state no command makes, such as an expired token). */
export async function change(url: string, sql: string, params: unknown[] = []): Promise<void> {
  const db = await UnitOfWork.open(parseDatabaseUrl(url));
  try {
    await db.write((tx) => tx.query(sql, params));
  } finally {
    await db.close();
  }
}

/** Creates a base, and a user who is a member of it with `role`; all through kbp. */
export async function seedMember(url: string, baseId: string, email: string, role = 'owner'): Promise<void> {
  await kbpOk(['--db', url, 'base', 'create', baseId]);
  await kbpOk(['--db', url, 'user', 'create', email]);
  await kbpOk(['--db', url, 'member', 'add', baseId, email, '--role', role]);
}

export interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningServe {
  child: ChildProcess;
  /** The address printed on the listening line. */
  url: string;
  /** Stdout so far; complete once `stop()` has resolved. */
  output(): string;
  /** Resolves with the first match of `pattern` in stdout, waiting for it if need be. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Sends `signal` (SIGTERM) unless the process has ended; resolves with its exit and whole output. */
  stop(signal?: NodeJS.Signals): Promise<Stopped>;
}

/** Starts `kbp serve --port 0 …` and resolves once it prints where it listens. */
export function startServe(args: readonly string[], env: Record<string, string> = {}): Promise<RunningServe> {
  const child = spawn(process.execPath, [kbpBin, 'serve', '--port', '0', ...args], {
    // A short drain: a test's fetch keeps its connection open, which a stop would wait for.
    env: childEnv({ KB_LOG_LEVEL: 'warn', KB_DRAIN_SECONDS: '0.5', ...env }),
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
  void exited.then(() => clearTimeout(killer));

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const { code, signal: endedBy } = await exited;
    return { code, signal: endedBy, stdout, stderr };
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
    void exited.then(({ code, signal }) => {
      reject(new Error(`kbp serve ended before printing ${pattern} (code ${code}, signal ${signal}): ${stderr}`));
    });
  });

  return waitFor(/listening on (http:\/\/\S+)/).then((match) => ({ child, url: match[1], output: () => stdout, waitFor, stop }));
}

/**
 * Runs the commands one at a time: several kbp processes started together on a busy two-core
 * machine can outlast the command timeout and be killed with nothing on stderr.
 */
export async function inTurn<T>(commands: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const command of commands) results.push(await command());
  return results;
}
