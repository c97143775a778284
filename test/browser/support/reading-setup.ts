// Knowledge bases with pages for the reading pages' browser tests, made as an operator and a
// script would: `kbp` makes the bases, users, members and an owner's token; the REST API (with
// that token) writes the pages.
import { createUser, kbpOk, type Service } from './service';

export { serviceAll } from './service';

export async function createBase(service: Service, baseId: string, view: 'O' | 'I' | 'L', description: string): Promise<void> {
  await kbpOk(service.databaseUrl, ['base', 'create', baseId, '--view', view, '--description', description]);
}

export async function createMember(service: Service, baseId: string, email: string, password: string, role: 'owner' | 'writer' | 'reader'): Promise<void> {
  await createUser(service, email, password);
  await kbpOk(service.databaseUrl, ['member', 'add', baseId, email, '--role', role]);
}

export async function addMember(service: Service, baseId: string, email: string, role: 'owner' | 'writer' | 'reader'): Promise<void> {
  await kbpOk(service.databaseUrl, ['member', 'add', baseId, email, '--role', role]);
}

/** A write token of `email`, an owner of `baseId`. */
export async function ownerToken(service: Service, baseId: string, email: string): Promise<string> {
  const { stdout } = await kbpOk(service.databaseUrl, ['token', 'create', '--base', baseId, '--user', email, '--scope', 'write']);
  return stdout.trim().split('\n').pop()!.trim();
}

export interface NewPage {
  title: string;
  body?: string;
  content_type?: 'M' | 'H' | 'T';
  content_lang?: 'en' | 'ja';
  level?: number;
  view?: 'O' | 'I' | 'L' | null;
}

/** Creates a page through the REST API (then its level and view); its content id. */
export async function apiCreatePage(service: Service, token: string, baseId: string, page: NewPage): Promise<string> {
  const { level, view, ...fields } = page;
  const call = async (method: string, path: string, body: object) => {
    const response = await fetch(`${service.url}/api/v1/bases/${baseId}/pages${path}`, {
      method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as { content_id: string };
  };
  const created = await call('POST', '', fields);
  const changes: Record<string, unknown> = {};
  if (level) changes.level = level;
  if (view !== undefined) changes.view = view;
  if (Object.keys(changes).length > 0) await call('PATCH', `/${created.content_id}`, changes);
  return created.content_id;
}
