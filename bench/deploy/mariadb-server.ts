// A MariaDB server of a test's or bench's own (the machine's MariaDB, in a data directory and on
// a port of its own), so it can be stopped and started without touching the machine's server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, run, waitFor } from './commands';

export class MariaDbServer {
  private process: ChildProcess | null = null;

  private constructor(private readonly dataDir: string, readonly port: number) {}

  /** Whether this machine has MariaDB's server programs. */
  static installed(): boolean {
    return ['mariadbd', 'mariadb-install-db'].every((program) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0);
  }

  static async create(): Promise<MariaDbServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'kb-pages-deploy-db-'));
    await run('mariadb-install-db', ['--no-defaults', `--datadir=${dataDir}`, '--user=root', '--skip-test-db', '--auth-root-authentication-method=normal'], 120_000);
    const server = new MariaDbServer(dataDir, await freePort());
    await server.start();
    return server;
  }

  /** mysql://… for a database on this server, created when missing. */
  async databaseUrl(name: string): Promise<string> {
    await this.sql(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    return `mysql://root@127.0.0.1:${this.port}/${name}`;
  }

  async start(): Promise<void> {
    this.process = spawn('mariadbd', [
      '--no-defaults', `--datadir=${this.dataDir}`, `--port=${this.port}`, '--bind-address=127.0.0.1',
      `--socket=${join(this.dataDir, 'mysqld.sock')}`, `--pid-file=${join(this.dataDir, 'mysqld.pid')}`, '--user=root',
      '--skip-name-resolve', '--skip-log-bin', '--innodb-buffer-pool-size=64M', '--max-connections=500',
    ], { stdio: 'ignore' });
    await waitFor(`MariaDB on port ${this.port}`, async () => (await this.sql('SELECT 1'), true), 60_000);
  }

  /** A clean shutdown, as an operator's `systemctl stop` would do. */
  async stop(): Promise<void> {
    const stopping = this.process;
    if (!stopping || stopping.exitCode !== null) return;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    stopping.kill('SIGTERM');
    await exited;
    this.process = null;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private sql(statement: string): Promise<string> {
    return run('mariadb', ['--protocol=tcp', '-h', '127.0.0.1', '-P', String(this.port), '-u', 'root', '-N', '-e', statement]);
  }
}
