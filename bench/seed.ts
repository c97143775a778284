// Bulk seeding for the benchmark: one base with an owner and a write token, then pages appended in
// batches, each batch one unit of work with multi-row INSERTs into pages and page_texts. The rows
// are those the create use case stores (content prepared by prepareContent/prepareTitle, the base's
// live count and outline version moved), with the levels, times and content ids given; one create
// + PATCH through the API per page would take hours at 100,000 pages.
import type { EntityManager } from 'typeorm';
import { hashToken, issueToken } from '../src/auth/tokens';
import { prepareContent, prepareTitle } from '../src/content/prepare';
import type { UnitOfWork } from '../src/database/unit-of-work';
import { LiveBlocksRepository } from '../src/order/live-blocks.repository';
import { blockStart } from '../src/outline/positions';
import { CHANGE_NO, countPageChange } from '../src/bases/page-changes.query';
import type { ContentType, Lang } from '../src/vocabulary';

/** A page as stored: content prepared, place in the outline and times decided. */
export interface SeedPage {
  contentId: string;
  title: string;
  searchTitle: string;
  body: string;
  html: string | null;
  searchBody: string;
  type: ContentType;
  lang: Lang;
  level: number;
  createdAt: string;
  updatedAt: string;
}

export interface SourcePage {
  title: string;
  body: string;
  type: ContentType;
  lang: Lang;
  level: number;
}

/** The stored form of a page, prepared exactly as the create use case prepares it. */
export function preparePage(page: SourcePage, contentId: string, createdAt: string, updatedAt = createdAt): SeedPage {
  const content = prepareContent(page.type, page.body);
  return {
    contentId, title: page.title, searchTitle: prepareTitle(page.title), body: content.body, html: content.html,
    searchBody: content.searchBody, type: page.type, lang: page.lang, level: page.level, createdAt, updatedAt,
  };
}

const CONTENT_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const CONTENT_ID_SPACE = 36 ** 6;
/** Odd and not a multiple of 3, so coprime with 36^6: i → i * STRIDE mod 36^6 never repeats. */
const CONTENT_ID_STRIDE = 1_000_003;

/** The content id of the i-th seeded page: six lowercase letters and digits, distinct for every i, scattered. */
export function seedContentId(index: number): string {
  let n = (index * CONTENT_ID_STRIDE + 12_345_678) % CONTENT_ID_SPACE;
  let id = '';
  for (let i = 0; i < 6; i++, n = Math.floor(n / 36)) id = CONTENT_ID_ALPHABET[n % 36] + id;
  return id;
}

/** Creates a base, its owner and a write token valid for a day; returns the token. */
export async function createBenchBase(db: UnitOfWork, baseId: string, description = 'Benchmark base'): Promise<string> {
  const issued = issueToken();
  const now = new Date();
  const stamp = now.toISOString();
  await db.write(async (tx) => {
    await tx.query(
      'INSERT INTO bases (base_id, description, view_mode, live_pages, outline_version, created_at) VALUES (?, ?, ?, 0, 0, ?)',
      [baseId, description, 'L', stamp],
    );
    const email = `owner@${baseId}.example`;
    await tx.query('INSERT INTO users (email, name, created_at) VALUES (?, ?, ?)', [email, 'Bench Owner', stamp]);
    const [user]: { user_id: number }[] = await tx.query('SELECT user_id FROM users WHERE email = ?', [email]);
    await tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [baseId, user.user_id, 'owner']);
    await tx.query(
      `INSERT INTO tokens (token_id, base_id, user_id, token_hash, display_prefix, last_four, scope, created_at, expires_at, revoked_at)
       VALUES (?, ?, ?, ?, ?, ?, 'write', ?, ?, NULL)`,
      [issued.tokenId, baseId, user.user_id, hashToken(issued.token), issued.displayPrefix, issued.lastFour,
        stamp, new Date(now.getTime() + 86_400_000).toISOString()],
    );
  });
  return issued.token;
}

/** Rows per INSERT of pages; 9 parameters a row stays far below every backend's limit. */
const PAGE_ROWS_PER_INSERT = 500;
/** Text bytes per INSERT of page_texts, well under MariaDB's default 16 MiB packet. */
const TEXT_BYTES_PER_INSERT = 2 * 1024 * 1024;

const blocks = new LiveBlocksRepository();

/** Appends `batch` at the end of the base's outline in one unit of work; returns their row ids in order. */
export function bulkInsertPages(db: UnitOfWork, baseId: string, batch: SeedPage[]): Promise<number[]> {
  // An outline write adding the batch's live pages, as a create adds one.
  return db.writeOutline(baseId, batch.length, async (tx) => {
    const next: { next_pos: number }[] = await tx.query(
      'SELECT (SELECT COALESCE(MAX(pos) + 1, 0) FROM pages WHERE base_id = b.base_id) AS next_pos FROM bases b WHERE b.base_id = ?', [baseId],
    );
    if (!next[0]) throw new Error(`The base "${baseId}" does not exist.`);
    const first = Number(next[0].next_pos);
    for (let start = 0; start < batch.length; start += PAGE_ROWS_PER_INSERT) {
      await insertPageRows(tx, baseId, first + start, batch.slice(start, start + PAGE_ROWS_PER_INSERT));
    }
    // One change for the whole batch: its pages share the count.
    await countPageChange(tx, baseId);
    // Row ids by position: whatever ids the backend handed out, the positions are ours.
    const ids: { page_id: number }[] = await tx.query(
      'SELECT page_id FROM pages WHERE base_id = ? AND pos >= ? AND pos < ? ORDER BY pos',
      [baseId, first, first + batch.length],
    );
    const pageIds = ids.map((row) => Number(row.page_id));
    await insertTextRows(tx, batch, pageIds);
    const live: { pos: number }[] = await tx.query('SELECT pos FROM pages WHERE base_id = ? AND pos >= ?', [baseId, blockStart(first)]);
    await blocks.rebuild(tx, baseId, first, live.map((row) => Number(row.pos)));
    return pageIds;
  });
}

async function insertPageRows(tx: EntityManager, baseId: string, firstPosition: number, rows: SeedPage[]): Promise<void> {
  const params: unknown[] = [];
  rows.forEach((page, i) => params.push(
    baseId, page.contentId, firstPosition + i, page.level, page.title, page.type, page.lang, page.createdAt, page.updatedAt, baseId,
  ));
  await tx.query(
    `INSERT INTO pages (base_id, content_id, pos, level, status, title, type, lang, view_mode, created_at, updated_at, change_no)
     VALUES ${rows.map(() => `(?, ?, ?, ?, 'A', ?, ?, ?, NULL, ?, ?, ${CHANGE_NO})`).join(', ')}`,
    params,
  );
}

async function insertTextRows(tx: EntityManager, batch: SeedPage[], pageIds: number[]): Promise<void> {
  let params: unknown[] = [];
  let bytes = 0;
  const flush = async () => {
    if (params.length === 0) return;
    const rows = params.length / 5;
    await tx.query(
      `INSERT INTO page_texts (page_id, body, body_html, search_title, search_body) VALUES ${Array(rows).fill('(?, ?, ?, ?, ?)').join(', ')}`,
      params,
    );
    params = [];
    bytes = 0;
  };
  for (const [i, page] of batch.entries()) {
    params.push(pageIds[i], page.body, page.html, page.searchTitle, page.searchBody);
    // UTF-16 length × 3 bounds the UTF-8 size without encoding every text.
    bytes += 3 * (page.body.length + (page.html?.length ?? 0) + page.searchTitle.length + page.searchBody.length);
    if (bytes >= TEXT_BYTES_PER_INSERT) await flush();
  }
  await flush();
}
