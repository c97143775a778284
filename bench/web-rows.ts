// The web UI's rows: the pages a signed-in owner of the bench base opens most, and a reorder. The
// owner signs in once (a password set through kbp, then the sign-in form), and the trash gets its
// 1,000 deleted pages through the REST API (created, then deleted: the live pages stay as seeded).
import { execFileSync } from 'node:child_process';
import { generatePages, searchTerms } from './corpus';
import type { BenchOperation, BenchRequest } from './load';
import { KBP } from './processes';
import type { SeededBase } from './seed-corpus';

/** Pages put in the trash before the rows, as the figure asks. */
export const TRASHED_PAGES = 1000;
const BENCH_PASSWORD = 'bench password, long enough';
/** Roots each side of the reordered page: the move row's connections can never run out of siblings. */
const SIBLINGS_EACH_SIDE = 12;

export const ownerEmail = (baseId: string) => `owner@${baseId}.example`;

/** Signs the bench base's owner in; the answer is the Cookie header their requests send. */
export async function signInOwner(databaseUrl: string, serviceUrl: string, baseId: string): Promise<string> {
  execFileSync(process.execPath, [KBP, 'user', 'set-password', ownerEmail(baseId), '--password-stdin', '--db', databaseUrl], {
    input: `${BENCH_PASSWORD}\n`, stdio: ['pipe', 'ignore', 'inherit'],
  });
  const response = await fetch(`${serviceUrl}/signin`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ email: ownerEmail(baseId), password: BENCH_PASSWORD, next: '' }).toString(),
  });
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).find((pair) => pair.includes('kb_session='));
  if (response.status !== 303 || !cookie) throw new Error(`the bench owner's sign-in answered ${response.status} without a session cookie`);
  return cookie;
}

/** Creates and deletes TRASHED_PAGES pages through the REST API, a few at a time. */
export async function fillTrash(serviceUrl: string, seeded: SeededBase): Promise<void> {
  const api = `${serviceUrl}/api/v1/bases/${seeded.baseId}/pages`;
  const headers = { authorization: `Bearer ${seeded.token}`, 'content-type': 'application/json' };
  const pages = [...generatePages(TRASHED_PAGES, 11)];
  for (let i = 0; i < pages.length; i += 10) {
    await Promise.all(pages.slice(i, i + 10).map(async (page) => {
      const created = await fetch(api, {
        method: 'POST', headers,
        body: JSON.stringify({ title: page.title, body: page.body, content_type: page.type, content_lang: page.lang }),
      });
      if (created.status !== 201) throw new Error(`a trash page's create answered ${created.status}`);
      const { content_id: contentId } = (await created.json()) as { content_id: string };
      const deleted = await fetch(`${api}/${contentId}`, { method: 'DELETE', headers });
      if (deleted.status !== 204) throw new Error(`a trash page's delete answered ${deleted.status}`);
    }));
  }
}

/**
 * The web rows, as the owner (the tree carries every move button). `keptFrom` is where the pages
 * the delete row never reaches begin, so every row reads pages that stay.
 */
export function webOperations(seeded: SeededBase, cookie: string, keptFrom: number): { reads: BenchOperation[]; reorder: BenchOperation } {
  const kb = `/kb/${seeded.baseId}`;
  const { pages } = seeded;
  const page = (path: string): BenchRequest => ({ method: 'GET', path, headers: { cookie } });
  const shown = pages.slice(keptFrom).find((p) => p.level >= 2) ?? pages[keptFrom];
  const moved = reorderedPage(pages, keptFrom);
  const move = (direction: 'up' | 'down'): BenchRequest => ({
    method: 'POST', path: `${kb}/pages/${moved.contentId}/move`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: `direction=${direction}`,
  });
  return {
    reads: [
      { name: 'web: base home', expect: 200, sequence: [page(kb)] },
      { name: 'web: page view', expect: 200, sequence: [page(`${kb}/pages/${shown.contentId}`)] },
      { name: `web: search results \`${searchTerms.commonEnglish}\``, expect: 200, sequence: [page(`${kb}/search?q=${encodeURIComponent(searchTerms.commonEnglish)}`)] },
      { name: `web: trash (${TRASHED_PAGES} deleted pages)`, expect: 200, sequence: [page(`${kb}/trash`)] },
    ],
    reorder: { name: 'web: reorder (move down, then up)', expect: 303, sequence: [move('down'), move('up')] },
  };
}

/** A root with SIBLINGS_EACH_SIDE roots before and after it, among the pages that stay. */
function reorderedPage(pages: SeededBase['pages'], keptFrom: number): SeededBase['pages'][number] {
  const roots = pages.map((p, i) => ({ ...p, i })).filter((p) => p.level === 0 && p.i >= keptFrom);
  const chosen = roots[Math.min(SIBLINGS_EACH_SIDE, roots.length - 1)];
  if (!chosen || roots.length < 2 * SIBLINGS_EACH_SIDE + 1) throw new Error('the bench base has too few roots for the reorder row');
  return chosen;
}
