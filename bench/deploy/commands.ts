// Commands for the deployment test and bench: run one to its end, find a free loopback port, wait.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';

/** Runs a command to its end; rejects with its output when it fails. */
export function run(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** A port nothing listens on now, on 127.0.0.1. */
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true, or fails after `timeoutMs` naming what it waited for. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}
