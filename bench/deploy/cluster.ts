// Replicas of the kb-pages image under podman (host network, a port each) and nginx in front of
// them, through the project's own deploy scripts; for the deployment test and bench.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, run, waitFor } from './commands';

// From bench/deploy (jest) or dist/bench/deploy (compiled), the checkout is where package.json is.
const root = [resolve(__dirname, '..', '..'), resolve(__dirname, '..', '..', '..')].find((dir) => existsSync(join(dir, 'package.json')))!;
const PODMAN = ['--runtime', 'runc'];
const LIMITS = ['--ulimit', 'nofile=4096:4096', '--ulimit', 'nproc=4096:4096'];

export const podman = (args: string[], timeoutMs?: number) => run('podman', [...PODMAN, ...args], timeoutMs);

/** Builds the image from this checkout with deploy/build-image.sh (bases too, the first time). */
export async function buildImage(tag: string): Promise<void> {
  await run('bash', [join(root, 'deploy', 'build-image.sh'), tag], 30 * 60_000);
}

export async function imageSize(tag: string): Promise<number> {
  return Number((await podman(['image', 'inspect', '--format', '{{.Size}}', tag])).trim());
}

export interface Replica {
  name: string;
  port: number;
  url: string;
}

export class Cluster {
  readonly replicas: Replica[] = [];
  readonly runDir = mkdtempSync(join(tmpdir(), 'kb-pages-deploy-'));
  /** The first balancer's address; its files are in runDir/balancer-1. */
  balancerUrl = '';
  private balancers = 0;

  constructor(
    private readonly image: string,
    private readonly databaseUrl: string,
    private readonly prefix: string,
    /** More variables for every replica (KB_LOG_LEVEL, say). */
    private readonly env: Record<string, string> = {},
  ) {}

  /** Starts `count` replicas at once, as a scheduler would, on one database. */
  async startReplicas(count: number): Promise<void> {
    const added: Replica[] = [];
    for (let i = 1; i <= count; i++) {
      const port = await freePort();
      added.push({ name: `${this.prefix}-${this.replicas.length + i}`, port, url: `http://127.0.0.1:${port}` });
    }
    await Promise.all(added.map((replica) => podman([
      'run', '--detach', '--name', replica.name, '--network', 'host', ...LIMITS,
      ...Object.entries({ ...this.env, PORT: String(replica.port), KB_DATABASE_URL: this.databaseUrl }).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
      this.image,
    ])));
    this.replicas.push(...added);
  }

  /** Milliseconds until the replica's /readyz answers 200. */
  waitReady(replica: Replica, timeoutMs = 60_000): Promise<number> {
    return waitFor(`${replica.name} to be ready`, async () => (await fetch(`${replica.url}/readyz`)).status === 200, timeoutMs);
  }

  async readyStatus(replica: Replica): Promise<number> {
    return (await fetch(`${replica.url}/readyz`, { signal: AbortSignal.timeout(5000) })).status;
  }

  /** Starts nginx in front of `replicas` (all by default) and answers its address. */
  async startBalancer(replicas = this.replicas): Promise<string> {
    const port = await freePort();
    const dir = this.balancerDir(++this.balancers);
    mkdirSync(dir);
    await run('bash', [join(root, 'deploy', 'balancer.sh'), 'start', dir, String(port), ...replicas.map((r) => String(r.port))]);
    const url = `http://127.0.0.1:${port}`;
    this.balancerUrl ||= url;
    return url;
  }

  /** podman stop: SIGTERM (the image's STOPSIGNAL), then SIGKILL after `graceSeconds`. */
  stop(replica: Replica, graceSeconds = 30): Promise<string> {
    return podman(['stop', '--time', String(graceSeconds), replica.name], (graceSeconds + 30) * 1000);
  }

  kill(replica: Replica): Promise<string> {
    return podman(['kill', '--signal', 'KILL', replica.name]);
  }

  start(replica: Replica): Promise<string> {
    return podman(['start', replica.name]);
  }

  exitCode(replica: Replica): Promise<number> {
    return podman(['inspect', '--format', '{{.State.ExitCode}}', replica.name]).then((out) => Number(out.trim()));
  }

  /** Runs a kbp command in a replica's container (on the replicas' database). */
  async kbp(replica: Replica, args: string[]): Promise<string> {
    return (await podman(['exec', replica.name, 'bin/kbp.js', ...args])).trim();
  }

  /** A new knowledge base with an owner, through the first replica's kbp, and a write token for it. */
  async baseWithToken(baseId: string, owner: string): Promise<string> {
    const [first] = this.replicas;
    await this.kbp(first, ['user', 'create', owner]);
    await this.kbp(first, ['base', 'create', baseId]);
    await this.kbp(first, ['member', 'add', baseId, owner, '--role', 'owner']);
    return (await this.kbp(first, ['token', 'create', '--base', baseId, '--user', owner, '--scope', 'write'])).split('\n').pop()!;
  }

  /** nginx's access log: one JSON object a request (deploy/nginx/kb-pages.conf.template). */
  balancerLog(): Array<{ request_id: string; status: number; upstream: string; method: string; uri: string }> {
    return readFileSync(join(this.balancerDir(1), 'access.log'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  }

  /** What nginx logged as errors in front of the replicas (the `n`th balancer started). */
  balancerErrors(n = 1): string {
    const file = join(this.balancerDir(n), 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  private balancerDir(n: number): string {
    return join(this.runDir, `balancer-${n}`);
  }

  async destroy(): Promise<void> {
    for (let i = 1; i <= this.balancers; i++) {
      await run('bash', [join(root, 'deploy', 'balancer.sh'), 'stop', this.balancerDir(i)]).catch(() => undefined);
    }
    await Promise.all(this.replicas.map((replica) => podman(['rm', '--force', '--time', '0', replica.name]).catch(() => undefined)));
    rmSync(this.runDir, { recursive: true, force: true });
  }
}
