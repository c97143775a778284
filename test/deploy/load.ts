// A bounded, mixed load through the balancer: reads of every kind and writes whose answers are
// recorded, so a test can tell which requests failed and check every acknowledged write afterwards.
import { randomUUID } from 'node:crypto';

export interface Outcome {
  requestId: string;
  method: string;
  kind: 'detail' | 'list' | 'search' | 'tree' | 'create' | 'rename';
  started: number;
  ended: number;
  /** The HTTP status, or 0 when no answer came (the connection failed). */
  status: number;
  body: unknown;
  pageId?: string;
  title?: string;
}

export interface LoadTarget {
  baseUrl: string;
  baseId: string;
  token: string;
}

const READS = ['detail', 'detail', 'detail', 'list', 'search', 'tree'] as const;

export class Load {
  readonly outcomes: Outcome[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  /** Pages whose creation was acknowledged, shared by the workers' reads. */
  private readonly known: string[] = [];

  constructor(private readonly target: LoadTarget, private readonly concurrency = 6) {}

  start(): void {
    this.running = true;
    this.workers = Array.from({ length: this.concurrency }, (_, worker) => this.work(worker));
  }

  async stop(): Promise<Outcome[]> {
    this.running = false;
    await Promise.all(this.workers);
    return this.outcomes;
  }

  private async work(worker: number): Promise<void> {
    const mine: string[] = [];
    let step = 0;
    while (this.running) {
      step++;
      if (step % 4 === 0 || this.known.length === 0) {
        const title = `w${worker}-p${step}-${randomUUID().slice(0, 8)}`;
        const outcome = await this.send('create', 'POST', '/pages', { title, body: `body of ${title}`, content_lang: 'en' });
        outcome.title = title;
        const id = (outcome.body as { content_id?: string } | null)?.content_id;
        if (outcome.status === 201 && id) {
          outcome.pageId = id;
          mine.push(id);
          this.known.push(id);
        }
      } else if (step % 7 === 0 && mine.length > 0) {
        const pageId = mine[step % mine.length];
        const title = `w${worker}-renamed-${step}`;
        const outcome = await this.send('rename', 'PATCH', `/pages/${pageId}`, { title });
        outcome.pageId = pageId;
        outcome.title = title;
      } else {
        const kind = READS[step % READS.length];
        const pageId = this.known[Math.floor(Math.random() * this.known.length)];
        const path = kind === 'detail' ? `/pages/${pageId}` : kind === 'list' ? '/pages?limit=20' : kind === 'search' ? '/search?q=body' : '/tree';
        await this.send(kind, 'GET', path);
      }
    }
  }

  private async send(kind: Outcome['kind'], method: string, path: string, json?: object): Promise<Outcome> {
    const requestId = randomUUID();
    const outcome: Outcome = { requestId, method, kind, started: Date.now(), ended: 0, status: 0, body: null };
    this.outcomes.push(outcome);
    try {
      const response = await fetch(`${this.target.baseUrl}/api/v1/bases/${this.target.baseId}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.target.token}`,
          'x-request-id': requestId,
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        body: json ? JSON.stringify(json) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      outcome.status = response.status;
      const text = await response.text();
      outcome.body = text ? JSON.parse(text) : null;
    } catch (error) {
      outcome.body = { failure: (error as Error).message };
    }
    outcome.ended = Date.now();
    return outcome;
  }
}
