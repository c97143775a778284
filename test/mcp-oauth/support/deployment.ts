// The service as an MCP client meets it: `kbp serve` on a fresh database, with short-lived access
// tokens so a test sees one expire. On SQLite one process; on MariaDB two processes on the one
// database behind a balancer of ours, whose address is their KB_PUBLIC_URL (the issuer and the
// resource every token is bound to), so a test can send the next requests to the other process.
import { startBalancer, type Balancer } from '../../support/balancer';
import { createTestDatabase, type Backend, type TestDatabase } from '../../support/databases';
import { createUser, kbpOk, startService, type Service } from '../../browser/support/service';

/** The shortest access-token lifetime the service accepts (KB_OAUTH_ACCESS_TOKEN_SECONDS). */
export const ACCESS_TOKEN_SECONDS = 60;

export interface Deployment {
  backend: Backend;
  /** Where clients and browsers reach the service: its KB_PUBLIC_URL. */
  url: string;
  databaseUrl: string;
  processes: Service[];
  /** MariaDB only: what sits in front of the two processes. */
  balancer?: Balancer;
  /** Sends every request from now on to process `index` (0 when there is one process). */
  useProcess(index: number): void;
  /** Ends the processes (and the balancer) and drops the database. */
  stop(): Promise<void>;
}

export async function startDeployment(backend: Backend): Promise<Deployment> {
  const database: TestDatabase = await createTestDatabase(backend);
  const env = { KB_OAUTH_ACCESS_TOKEN_SECONDS: String(ACCESS_TOKEN_SECONDS) };
  const stopAll = async (services: Service[], balancer?: Balancer) => {
    await balancer?.close();
    for (const service of services) await service.stop();
    await database.drop();
  };

  if (backend === 'sqlite') {
    const service = await startService(database.url, { demo: false, env });
    return {
      backend, url: service.url, databaseUrl: database.url, processes: [service],
      useProcess(index) {
        if (index !== 0) throw new Error('one process on SQLite');
      },
      stop: () => stopAll([service]),
    };
  }

  const balancer = await startBalancer();
  const processes: Service[] = [];
  try {
    // One after the other: the first one migrates the fresh database.
    for (let i = 0; i < 2; i += 1) processes.push(await startService(database.url, { demo: false, env: { ...env, KB_PUBLIC_URL: balancer.url } }));
  } catch (error) {
    await stopAll(processes, balancer);
    throw error;
  }
  balancer.setUpstreams(processes.map((service) => service.url));
  return {
    backend, url: balancer.url, databaseUrl: database.url, processes, balancer,
    useProcess: (index) => balancer.pin(index),
    stop: () => stopAll(processes, balancer),
  };
}

export interface Owner {
  email: string;
  password: string;
  /** The bases the user owns: each test gives its client one of them, empty at first. */
  bases: string[];
  /** A base the user only writes in: never offered (an MCP grant needs the owner role). */
  writerBaseId: string;
}

/** A user owning `count` bases and writer of one more, made with kbp on the deployment's database. */
export async function createOwner(deployment: Deployment, count: number): Promise<Owner> {
  const tag = String(process.pid);
  const owner: Owner = {
    email: `owner-${tag}@example.com`,
    password: `correct horse battery staple ${tag}`,
    bases: Array.from({ length: count }, (_, i) => `mcp-notes-${i + 1}-${tag}`),
    writerBaseId: `mcp-shared-${tag}`,
  };
  const service = { databaseUrl: deployment.databaseUrl, url: deployment.url } as Service;
  await createUser(service, owner.email, owner.password);
  const memberships = [...owner.bases.map((baseId) => [baseId, 'owner']), [owner.writerBaseId, 'writer']];
  // Side by side: each kbp starts a process of its own (seconds), the writes wait for each other.
  await Promise.all(memberships.map(async ([baseId, role]) => {
    await kbpOk(deployment.databaseUrl, ['base', 'create', baseId, '--description', `Base ${baseId}`]);
    await kbpOk(deployment.databaseUrl, ['member', 'add', baseId, owner.email, '--role', role]);
  }));
  return owner;
}
