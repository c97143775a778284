// A MariaDB server of the test's own (mariadb-install-db + mariadbd in a temporary folder, on a
// free port), which a test may stop and start again: never the shared server other work uses.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection } from 'mysql2/promise';

/** Whether both programs are installed (as where the shared MariaDB of the tests runs). */
export const privateMariadbAvailable = ['mariadbd', 'mariadb-install-db'].every((program) => spawnSync(program, ['--version']).error === undefined);

export interface PrivateMariadb {
  /** mysql://… of a database `kb` on it. */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function createPrivateMariadb(): Promise<PrivateMariadb> {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-mariadb-'));
  const installed = spawnSync('mariadb-install-db', ['--no-defaults', `--datadir=${dir}/data`, '--user=root', '--auth-root-authentication-method=normal']);
  if (installed.status !== 0) throw new Error(`mariadb-install-db failed: ${installed.stderr.toString()}`);
  const port = await freePort();
  const server = `mysql://root@127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const answers = async () => {
    try {
      const conn = await createConnection({ uri: server, connectTimeout: 1000 });
      await conn.end();
      return true;
    } catch {
      return false;
    }
  };
  const start = async () => {
    child = spawn('mariadbd', ['--no-defaults', `--datadir=${dir}/data`, `--port=${port}`, '--bind-address=127.0.0.1',
      `--socket=${dir}/mariadb.sock`, '--user=root', '--skip-log-bin', '--innodb-buffer-pool-size=16M'], { stdio: 'ignore' });
    for (let tries = 0; !(await answers()); tries++) {
      if (tries > 100) throw new Error('the private MariaDB did not start within 20 seconds');
      await sleep(200);
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  const admin = await createConnection(server);
  await admin.query('CREATE DATABASE kb CHARACTER SET utf8mb4 COLLATE utf8mb4_bin');
  await admin.end();
  return {
    url: `${server}/kb`,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
