// The operations the bench measures, in the order it runs them: reads first, then writes, and the
// deletes last, since they change the outline under everything else.
import { generatePages, searchTerms } from './corpus.ts';
import type { BenchOperation, BenchRequest } from './load.ts';
import type { SeededBase } from './seed.ts';

const SEARCH_LIMIT = 20;

/** A stride through the pages, so that the pages asked one after another are far apart. */
const SPREAD_STEP = 7919;

/** Share of the seeded pages, from the start of the outline, that the delete run may use up. */
const DELETABLE_SHARE = 0.4;

function get(path: string): BenchRequest {
  return { method: 'GET', path };
}

function json(method: BenchRequest['method'], path: string, body: unknown): BenchRequest {
  return { method, path, body: JSON.stringify(body) };
}

/** Alternates between two requests, one after the other. */
function alternate(first: BenchRequest, second: BenchRequest): () => BenchRequest {
  let flip = false;
  return () => ((flip = !flip) ? first : second);
}

const searchCases: [string, string][] = [
  ['search rare English', searchTerms.rareEnglish],
  ['search common English', searchTerms.commonEnglish],
  ['search rare Japanese 1 char', searchTerms.rareJapanese1],
  ['search common Japanese 1 char', searchTerms.commonJapanese1],
  ['search rare Japanese 2 chars', searchTerms.rareJapanese2],
  ['search common Japanese 2 chars', searchTerms.commonJapanese2],
  ['search rare Japanese 4 chars', searchTerms.rareJapanese4],
  ['search common Japanese 4 chars', searchTerms.commonJapanese4],
  ['search two terms', searchTerms.twoTerms],
  ['search no hit', searchTerms.noHit],
];

export function benchOperations(seeded: SeededBase): BenchOperation[] {
  const base = `/api/v1/bases/${seeded.baseId}`;
  const { pages } = seeded;
  const middle = Math.floor(pages.length / 2);
  // Detail of a page deep enough that its path needs ancestors.
  const detailPage = pages.slice(middle).find((p) => p.level >= 2) ?? pages[middle];
  const titlePage = pages[middle + 1] ?? pages[middle];
  // A level-1 page whose next page is its child, so a level change moves a subtree.
  const parentIndex = pages.findIndex((p, i) => i >= middle && p.level === 1 && pages[i + 1]?.level === 2);
  const parent = pages[parentIndex === -1 ? middle : parentIndex];
  const deletable = pages.slice(0, Math.floor(pages.length * DELETABLE_SHARE)).map((p) => p.contentId);
  let deleted = 0;
  let spread = 0;
  const newPage = generatePages(1, 7).next().value!;

  return [
    { name: 'info', expect: 200, request: get(`${base}/info`) },
    { name: 'list (limit=100)', expect: 200, request: get(`${base}/pages?limit=100`) },
    { name: 'detail (mid page)', expect: 200, request: get(`${base}/pages/${detailPage.contentId}`) },
    {
      // Every request another page, so no answer is served from what the service kept of an earlier one.
      name: 'detail (another page each time)',
      expect: 200,
      request: get(`${base}/pages/${detailPage.contentId}`),
      next: () => get(`${base}/pages/${pages[(spread = (spread + SPREAD_STEP) % pages.length)].contentId}`),
    },
    ...searchCases.map(([name, q]): BenchOperation => ({
      name: `${name} (${q})`,
      expect: 200,
      request: get(`${base}/search?q=${encodeURIComponent(q)}&limit=${SEARCH_LIMIT}`),
    })),
    { name: 'tree', expect: 200, request: get(`${base}/tree`) },
    {
      name: 'create (POST)',
      expect: 201,
      request: json('POST', `${base}/pages`, {
        title: newPage.title, body: newPage.body, content_type: newPage.type, content_lang: newPage.lang,
      }),
    },
    {
      name: 'PATCH title',
      expect: 200,
      request: json('PATCH', `${base}/pages/${titlePage.contentId}`, { title: 'Bench title A' }),
      next: alternate(
        json('PATCH', `${base}/pages/${titlePage.contentId}`, { title: 'Bench title A' }),
        json('PATCH', `${base}/pages/${titlePage.contentId}`, { title: 'ベンチのタイトル B' }),
      ),
    },
    {
      name: 'PATCH level (page with children)',
      expect: 200,
      request: json('PATCH', `${base}/pages/${parent.contentId}`, { level: 2 }),
      next: alternate(
        json('PATCH', `${base}/pages/${parent.contentId}`, { level: 2 }),
        json('PATCH', `${base}/pages/${parent.contentId}`, { level: 1 }),
      ),
    },
    {
      name: 'delete (next early page)',
      expect: 204,
      // The probe deletes the first page; the run goes on with the next ones.
      request: { method: 'DELETE', path: `${base}/pages/${deletable[deleted++]}` },
      next: () => ({ method: 'DELETE', path: `${base}/pages/${deletable[Math.min(deleted++, deletable.length - 1)]}` }),
      // Leave room for the requests already under way when the limit is reached.
      limit: Math.max(deletable.length - 1 - 20, 1),
    },
  ];
}
