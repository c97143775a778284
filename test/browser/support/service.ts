// The real service for a browser test: `kbp serve` (the compiled dist/, run by bin/kbp.js) as a
// child process on a fresh database of one backend, on a free port of 127.0.0.1 known before it
// starts, so KB_PUBLIC_URL (which the one-time links are made of) names it. `kbp` runs the other
// commands on the same database, with the same public URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { childEnv, kbpBin } from '../../cli/kbp-process';
import { createTestDatabase, type Backend, type TestDatabase } from '../../support/databases';

const COMMAND_TIMEOUT_MS = 30_000;

export interface KbpResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Service {
  child: ChildProcess;
  /** http://127.0.0.1:PORT, also its KB_PUBLIC_URL */
  url: string;
  databaseUrl: string;
  /** Stdout so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in stdout, waiting for it if need be. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Ends the process (SIGTERM) and waits until it is gone. */
  stop(): Promise<void>;
}

/** A port nobody listens on now (the kernel's choice); the service takes it right after. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `kbp serve` on `databaseUrl` and resolves once it listens. */
export async function startService(databaseUrl: string, options: { demo?: boolean; env?: Record<string, string> } = {}): Promise<Service> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [kbpBin, '--db', databaseUrl, 'serve', '--host', '127.0.0.1', '--port', String(port)];
  if (options.demo === false) args.push('--no-demo');
  const child = spawn(process.execPath, args, {
    // A short drain: the browser keeps connections open, which a stop would wait for.
    env: childEnv({ KB_PUBLIC_URL: url, KB_LOG_LEVEL: 'warn', KB_DRAIN_SECONDS: '0.5', ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waitFor = (pattern: RegExp) => new Promise<RegExpExecArray>((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(stdout);
      if (!match) return;
      child.stdout!.off('data', check);
      resolve(match);
    };
    child.stdout!.on('data', check);
    check();
    void exited.then(() => reject(new Error(`kbp serve ended before printing ${pattern}:\n${stdout}\n${stderr}`)));
  });

  await waitFor(/listening on http:\/\/\S+/);
  return {
    child, url, databaseUrl, waitFor,
    output: () => stdout,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** How long to wait for the first-run link once the service listens: it follows at once. */
const FIRST_RUN_LINK_GRACE_MS = 20_000;

/** The first-run one-time link `kbp serve` prints on an empty database: `  set a password  <url>`. */
export async function firstRunLink(service: Service): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  // Not a timed assertion: a missing line fails with what was printed instead of a bare timeout.
  const missing = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`kbp serve printed no "  set a password  <url>/setup/…" line:\n${service.output()}`)), FIRST_RUN_LINK_GRACE_MS);
  });
  try {
    const [, link] = await Promise.race([service.waitFor(/^\s*set a password\s+(\S+\/setup\/\S+)\s*$/m), missing]);
    return link;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `kbp --db <database> ARGS` with `stdin` as its standard input; never rejects. */
export function kbp(databaseUrl: string, args: readonly string[], options: { stdin?: string; publicUrl?: string } = {}): Promise<KbpResult> {
  return new Promise((resolve) => {
    const env: Record<string, string> = options.publicUrl ? { KB_PUBLIC_URL: options.publicUrl } : {};
    const child = spawn(process.execPath, [kbpBin, '--db', databaseUrl, ...args], { env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/** Runs kbp and throws with its stderr when it fails. */
export async function kbpOk(databaseUrl: string, args: readonly string[], options: { stdin?: string; publicUrl?: string } = {}): Promise<KbpResult> {
  const result = await kbp(databaseUrl, args, options);
  if (result.code !== 0) throw new Error(`kbp ${args.join(' ')} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  return result;
}

/** `kbp user create EMAIL [--admin] --password-stdin`. */
export async function createUser(service: Service, email: string, password: string, options: { admin?: boolean } = {}): Promise<void> {
  const args = ['user', 'create', email, ...(options.admin ? ['--admin'] : []), '--password-stdin'];
  await kbpOk(service.databaseUrl, args, { stdin: `${password}\n`, publicUrl: service.url });
}

/** `kbp user sign-in-link EMAIL`: the one-time link, the last line it prints. */
export async function signInLink(service: Service, email: string): Promise<string> {
  const { stdout } = await kbpOk(service.databaseUrl, ['user', 'sign-in-link', email], { publicUrl: service.url });
  const lines = stdout.trim().split('\n');
  return lines[lines.length - 1].trim();
}

/**
 * A fresh database of `backend` and `kbp serve` on it before each test, both gone after it: every
 * test starts from the first run, with nobody's failures or sessions left over.
 */
export function serviceEach(backend: Backend, options: { demo?: boolean } = {}): () => Service {
  let database: TestDatabase | undefined;
  let service: Service | undefined;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
    service = await startService(database.url, options);
  });
  afterEach(async () => {
    await service?.stop();
    await database?.drop();
    service = undefined;
    database = undefined;
  });
  return () => {
    if (!service) throw new Error('no service: serviceEach() belongs at the top of a describe');
    return service;
  };
}

/** A fresh database of `backend` and `kbp serve` on it for the whole describe (beforeAll), gone after it. */
export function serviceAll(backend: Backend): () => Service {
  let database: TestDatabase | undefined;
  let service: Service | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    service = await startService(database.url, { demo: false });
  });
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });
  return () => {
    if (!service) throw new Error('no service: serviceAll() belongs at the top of a describe');
    return service;
  };
}
