// The rows the bench measures on the service, in the order it runs them: reads first, then writes,
// deletes last, since they change the outline under everything else.
import { generatePages, searchTerms } from './corpus';
import type { BenchOperation, BenchRequest } from './load';
import type { SeededBase } from './seed-corpus';

const SEARCH_LIMIT = 20;

/** A stride through the pages, so that pages asked one after another are far apart. */
const SPREAD_STEP = 7919;
/** How many different pages the "another page each time" row goes through before it starts again. */
const SPREAD_PAGES = 5000;

/** Share of the seeded pages, from the start of the outline, that the delete row may use up. */
const DELETABLE_SHARE = 0.4;

function get(path: string): BenchRequest {
  return { method: 'GET', path };
}

function json(method: BenchRequest['method'], path: string, body: unknown): BenchRequest {
  return { method, path, body: JSON.stringify(body) };
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

/**
 * The tree as clients ask for it by default (fetch, browsers, Python's requests and httpx all send
 * Accept-Encoding with gzip), and as one that sends no Accept-Encoding (curl without --compressed).
 */
export const TREE_GZIP = 'tree';
export const TREE_PLAIN = 'tree (uncompressed)';
export const ACCEPT_GZIP = 'gzip, deflate';

/** The read agents make most: its ratio to the Nest hello is also measured in turn with it (in-turn.ts). */
export const DETAIL_ANOTHER_PAGE = 'detail (another page each time)';

/** Where the pages the delete row never reaches begin. */
export const keptFrom = (pageCount: number) => Math.ceil(pageCount * DELETABLE_SHARE);

/** The web UI's rows (web-rows.ts): its reads go after the API's, its reorder among the writes. */
export interface WebRows {
  reads: BenchOperation[];
  reorder: BenchOperation;
}

export function benchOperations(seeded: SeededBase, connections: number, web?: WebRows): BenchOperation[] {
  const base = `/api/v1/bases/${seeded.baseId}`;
  const { pages } = seeded;
  const middle = Math.floor(pages.length / 2);
  // A page deep enough that its path needs ancestors.
  const detailPage = pages.slice(middle).find((p) => p.level >= 2) ?? pages[middle];
  const titlePage = pages[middle + 1] ?? pages[middle];
  // A level-1 page whose next page is its child, so a level change moves a subtree.
  const parentIndex = pages.findIndex((p, i) => i >= middle && p.level === 1 && pages[i + 1]?.level === 2);
  const parent = pages[parentIndex === -1 ? middle : parentIndex];
  const spread = Array.from({ length: Math.min(SPREAD_PAGES, pages.length) }, (_, i) => pages[(i * SPREAD_STEP) % pages.length]);
  const deletable = pages.slice(0, Math.floor(pages.length * DELETABLE_SHARE));
  const newPage = generatePages(1, 7).next().value!;

  return [
    { name: 'info', expect: 200, sequence: [get(`${base}/info`)] },
    { name: 'list limit=100', expect: 200, sequence: [get(`${base}/pages?limit=100`)] },
    { name: 'detail (same page)', expect: 200, sequence: [get(`${base}/pages/${detailPage.contentId}`)] },
    { name: DETAIL_ANOTHER_PAGE, expect: 200, sequence: spread.map((p) => get(`${base}/pages/${p.contentId}`)) },
    ...searchCases.map(([name, q]): BenchOperation => ({
      name: `${name} \`${q}\``,
      expect: 200,
      sequence: [get(`${base}/search?q=${encodeURIComponent(q)}&limit=${SEARCH_LIMIT}`)],
    })),
    { name: TREE_GZIP, expect: 200, sequence: [{ ...get(`${base}/tree`), headers: { 'accept-encoding': ACCEPT_GZIP } }] },
    { name: TREE_PLAIN, expect: 200, sequence: [get(`${base}/tree`)] },
    ...(web?.reads ?? []),
    {
      name: 'create',
      expect: 201,
      sequence: [json('POST', `${base}/pages`, { title: newPage.title, body: newPage.body, content_type: newPage.type, content_lang: newPage.lang })],
    },
    {
      name: 'PATCH title',
      expect: 200,
      sequence: [
        json('PATCH', `${base}/pages/${titlePage.contentId}`, { title: 'Bench title A' }),
        json('PATCH', `${base}/pages/${titlePage.contentId}`, { title: 'ベンチのタイトル B' }),
      ],
    },
    {
      name: 'PATCH level (page with a subtree)',
      expect: 200,
      sequence: [
        json('PATCH', `${base}/pages/${parent.contentId}`, { level: 2 }),
        json('PATCH', `${base}/pages/${parent.contentId}`, { level: 1 }),
      ],
    },
    ...(web ? [web.reorder] : []),
    {
      name: 'delete (next early page)',
      expect: 204,
      sequence: deletable.map((p) => ({ method: 'DELETE', path: `${base}/pages/${p.contentId}` })),
      // The probe deletes the first; leave room for the requests under way when the amount is reached.
      amount: Math.max(deletable.length - 1 - 2 * connections, 1),
    },
  ];
}

/**
 * The operations of the two-services section (MySQL/MariaDB): a page detail, another page each
 * time, from the pages the delete row never reaches (the section runs after it), and the ten
 * searches in turn.
 */
export function twoServiceOperations(seeded: SeededBase): BenchOperation[] {
  const base = `/api/v1/bases/${seeded.baseId}`;
  const kept = seeded.pages.slice(keptFrom(seeded.pages.length));
  const spread = Array.from({ length: Math.min(SPREAD_PAGES, kept.length) }, (_, i) => kept[(i * SPREAD_STEP) % kept.length]);
  return [
    { name: DETAIL_ANOTHER_PAGE, expect: 200, sequence: spread.map((p) => get(`${base}/pages/${p.contentId}`)) },
    {
      name: 'search (the ten queries in turn)',
      expect: 200,
      sequence: searchCases.map(([, q]) => get(`${base}/search?q=${encodeURIComponent(q)}&limit=${SEARCH_LIMIT}`)),
    },
  ];
}
