// Runs the service in a child process of its own (test/support/serve-child.js, on the compiled
// dist/), for tests that kill it or run several processes on one database.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

export interface ServiceProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  url: string;
  /** Resolves with the exit signal (or code) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the process with `signal` and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const root = join(__dirname, '..', '..');

/** Source files whose compiled copy in dist/ is missing or older: the child would run old code. */
function staleSources(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return staleSources(path);
    if (!entry.name.endsWith('.ts')) return [];
    // The islands compile on their own (tsconfig.islands.json) to dist/web/islands.
    const islands = relative(join(root, 'src', 'web', 'islands'), path);
    const compiled = islands.startsWith('..')
      ? join(root, 'dist', relative(root, path).replace(/\.ts$/, '.js'))
      : join(root, 'dist', 'web', 'islands', islands.replace(/\.ts$/, '.js'));
    try {
      return statSync(compiled).mtimeMs >= statSync(path).mtimeMs ? [] : [relative(root, path)];
    } catch {
      return [relative(root, path)];
    }
  });
}

export async function startService(databaseUrl: string): Promise<ServiceProcess> {
  const stale = staleSources();
  if (stale.length > 0) {
    throw new Error(`dist/ is missing or older than ${stale.slice(0, 3).join(', ')}: run \`npm run build\` first (npm test does).`);
  }
  const child = spawn(process.execPath, [join(__dirname, 'serve-child.js'), databaseUrl], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line).port));
    void exited.then(({ code, signal }) => reject(new Error(`the service process ended (${signal ?? code}) before it listened: ${stderr}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
