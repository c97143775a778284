// Appends many pages at once on PostgreSQL, for seeding benchmarks and tests: the same rows as
// createPage (page-writes.ts), but a chunk of pages per pair of INSERT … SELECT FROM unnest
// statements, all in one transaction. Not part of the Store interface (SQLite's is alike).
import type { BulkPage } from '../store.ts';
import { markLive } from './live-blocks.ts';
import { LIVE } from './page-rows.ts';
import type { PgDatabase, Tx } from './pool.ts';
import { encodeNullable, encodeText } from './text-codec.ts';

/** Pages per statement: keeps one statement's parameters to a few megabytes. */
const CHUNK = 500;

/**
 * One content id per page, exactly those createPage one by one would take: each page the next
 * id drawn that neither the base nor an earlier page of this call has. Ids are looked up in the
 * base together; after a clash the draws are dealt out again, skipping the ids found taken.
 */
async function freshContentIds(tx: Tx, baseId: string, count: number, newContentId: () => string): Promise<string[]> {
  const draws: string[] = [];
  const takenInBase = new Set<string>();
  const freeInBase = new Set<string>();
  for (;;) {
    const ids: string[] = [];
    const used = new Set<string>();
    for (let next = 0; ids.length < count; next++) {
      if (next === draws.length) draws.push(newContentId());
      const id = draws[next];
      if (used.has(id) || takenInBase.has(id)) continue;
      used.add(id);
      ids.push(id);
    }
    const unchecked = ids.filter((id) => !freeInBase.has(id));
    if (unchecked.length === 0) return ids;
    const taken = new Set((await tx.rows<{ content_id: string }>(
      'SELECT content_id FROM pages WHERE base_id = $1 AND content_id = ANY($2::text[])', [baseId, unchecked],
    )).map((row) => row.content_id));
    for (const id of unchecked) (taken.has(id) ? takenInBase : freeInBase).add(id);
  }
}

async function insertChunk(tx: Tx, baseId: string, firstSeq: number, pages: readonly BulkPage[], ids: readonly string[]): Promise<void> {
  await tx.run(
    `INSERT INTO pages (base_id, seq, content_id, level, status, title, type, lang, view, created_at, updated_at)
     SELECT $1, $2::bigint + n - 1, content_id, level, '${LIVE}', title, type, lang, NULL, created_at, created_at
     FROM unnest($3::text[], $4::integer[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
       WITH ORDINALITY AS page (content_id, level, title, type, lang, created_at, n)`,
    [baseId, firstSeq, ids, pages.map((p) => p.level ?? 0), pages.map((p) => encodeText(p.title)),
      pages.map((p) => p.type), pages.map((p) => p.lang), pages.map((p) => p.now)],
  );
  await tx.run(
    `INSERT INTO page_texts (base_id, seq, search_title, search_body, body, body_html)
     SELECT $1, $2::bigint + n - 1, search_title, search_body, body, body_html
     FROM unnest($3::text[], $4::text[], $5::text[], $6::text[])
       WITH ORDINALITY AS texts (search_title, search_body, body, body_html, n)`,
    [baseId, firstSeq, pages.map((p) => encodeText(p.searchTitle)), pages.map((p) => encodeText(p.searchBody)),
      pages.map((p) => encodeText(p.body)), pages.map((p) => encodeNullable(p.html))],
  );
}

/** Appends the pages after the base's last, levels as given; their content ids in order. */
export async function bulkInsertPages(
  db: PgDatabase, baseId: string, pages: Iterable<BulkPage>, newContentId: () => string,
): Promise<string[]> {
  const all = [...pages];
  if (all.length === 0) return [];
  return db.transaction(async (tx) => {
    // Thousands of pages may take longer than one request is allowed to.
    await tx.run('SET LOCAL statement_timeout = 0');
    // Taking the seqs locks the base row, the outline lock; its counters and live blocks are
    // kept as createPage keeps them.
    const next = await tx.row<{ first: string }>(
      `UPDATE bases SET next_seq = next_seq + $2, live_pages = live_pages + $2, outline_version = outline_version + 1
       WHERE base_id = $1 RETURNING next_seq - $2 AS first`, [baseId, all.length],
    );
    if (!next) throw new Error(`knowledge base ${baseId} does not exist`);
    await markLive(tx, baseId, Number(next.first), Number(next.first) + all.length);
    const ids = await freshContentIds(tx, baseId, all.length, newContentId);
    for (let start = 0; start < all.length; start += CHUNK) {
      await insertChunk(tx, baseId, Number(next.first) + start, all.slice(start, start + CHUNK), ids.slice(start, start + CHUNK));
    }
    return ids;
  });
}
