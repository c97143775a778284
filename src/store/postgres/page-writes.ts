// Page writes on PostgreSQL, one transaction each. Writes that change the outline (create, level
// change, delete) or what the tree shows (a title) first lock their base's row, so they run one
// after another per base and the order stays dense and unique across any number of service
// processes; on that row they also keep the live page count and bump the outline version
// (migration 5), and beside it the live blocks (live-blocks.ts, migration 6). Other edits lock
// only their page: concurrent PATCHes of one page apply one after the other, the last one wins.
import { levelShift } from '../../domain/outline.ts';
import type { PageDetail } from '../../domain/types.ts';
import type { DeriveChanges, NewPage, PageChanges, StoredPage } from '../store.ts';
import { markDeleted, markLive } from './live-blocks.ts';
import { DELETED, findPage, LIVE, pageDetail } from './page-rows.ts';
import type { PgDatabase, Tx } from './pool.ts';
import { encodeNullable, encodeText } from './text-codec.ts';

/** Past every seq: the end of descendants that run to the end of the outline. */
const END_OF_OUTLINE = '9223372036854775807';

const textChanges: readonly (keyof PageChanges)[] = ['body', 'html', 'searchTitle', 'searchBody'];

/** An edit that changes the level or title found the base lock held by another writer. */
class BaseLockNeeded extends Error {}

/** PostgreSQL's lock_not_available: a NOWAIT lock that another transaction holds. */
const LOCK_NOT_AVAILABLE = '55P03';

async function lockBase(tx: Tx, baseId: string): Promise<boolean> {
  // NO KEY UPDATE: as exclusive as FOR UPDATE among outline writers, but it lets inserts that
  // merely reference the base (tokens, members) proceed.
  return (await tx.run('SELECT 1 FROM bases WHERE base_id = $1 FOR NO KEY UPDATE', [baseId])) > 0;
}

/**
 * Takes the base lock while holding a page's only if it is free at once: never waiting for it
 * there is what keeps the lock order deadlock-free. False when another writer holds it (the
 * transaction is then aborted and must start again).
 */
async function lockBaseAtOnce(tx: Tx, baseId: string): Promise<boolean> {
  try {
    await tx.run('SELECT 1 FROM bases WHERE base_id = $1 FOR NO KEY UPDATE NOWAIT', [baseId]);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return false;
    throw error;
  }
}

/** The seq-range condition of the page's descendants: live pages after it up to the next page of its level or lower. */
const descendantsOf = `base_id = $1 AND status = '${LIVE}' AND seq > $2 AND seq < coalesce(
  (SELECT seq FROM pages WHERE base_id = $1 AND status = '${LIVE}' AND seq > $2 AND level <= $3 ORDER BY seq LIMIT 1),
  ${END_OF_OUTLINE})`;

async function shiftDescendants(tx: Tx, page: StoredPage, shift: number): Promise<void> {
  await tx.run(`UPDATE pages SET level = level + $4 WHERE ${descendantsOf}`, [page.baseId, page.seq, page.level, shift]);
}

/** Marks the base's tree as changed, and its live page count by `liveChange`; the base row is locked already. */
async function outlineChanged(tx: Tx, baseId: string, liveChange = 0): Promise<void> {
  await tx.run(
    'UPDATE bases SET outline_version = outline_version + 1, live_pages = live_pages + $2 WHERE base_id = $1', [baseId, liveChange],
  );
}

async function deepestDescendant(tx: Tx, page: StoredPage): Promise<number> {
  const row = await tx.row<{ deepest: number | null }>(
    `SELECT max(level) AS deepest FROM pages WHERE ${descendantsOf}`, [page.baseId, page.seq, page.level],
  );
  return row?.deepest ?? page.level;
}

export class PostgresPageWrites {
  private readonly db: PgDatabase;

  constructor(db: PgDatabase) {
    this.db = db;
  }

  create(baseId: string, page: NewPage, newContentId: () => string): Promise<PageDetail> {
    return this.db.transaction(async (tx) => {
      // Taking the next seq locks the base row: the outline lock.
      const next = await tx.row<{ seq: string }>(
        `UPDATE bases SET next_seq = next_seq + 1, live_pages = live_pages + 1, outline_version = outline_version + 1
         WHERE base_id = $1 RETURNING next_seq - 1 AS seq`, [baseId],
      );
      if (!next) throw new Error(`knowledge base ${baseId} does not exist`);
      await markLive(tx, baseId, Number(next.seq), Number(next.seq) + 1);
      let contentId = newContentId();
      while (await tx.row('SELECT 1 FROM pages WHERE base_id = $1 AND content_id = $2', [baseId, contentId])) {
        contentId = newContentId();
      }
      await tx.run(
        `INSERT INTO pages (base_id, seq, content_id, level, status, title, type, lang, view, created_at, updated_at)
         VALUES ($1, $2, $3, 0, '${LIVE}', $4, $5, $6, NULL, $7, $7)`,
        [baseId, next.seq, contentId, encodeText(page.title), page.type, page.lang, page.now],
      );
      await tx.run(
        `INSERT INTO page_texts (base_id, seq, search_title, search_body, body, body_html) VALUES ($1, $2, $3, $4, $5, $6)`,
        [baseId, next.seq, encodeText(page.searchTitle), encodeText(page.searchBody), encodeText(page.body), encodeNullable(page.html)],
      );
      return pageDetail(tx, (await findPage(tx, baseId, contentId))!);
    });
  }

  async update(baseId: string, contentId: string, derive: DeriveChanges, now: string): Promise<PageDetail | null> {
    try {
      return await this.updateOnce(baseId, contentId, derive, now, false);
    } catch (error) {
      if (!(error instanceof BaseLockNeeded)) throw error;
      return this.updateOnce(baseId, contentId, derive, now, true);
    }
  }

  /**
   * An edit never waits for the base lock while holding a page an outline writer may wait for.
   * One that learns from `derive` that it changes the level or the title takes the base lock if
   * it is free at once; when it is not, it starts again taking the base lock first.
   */
  private updateOnce(
    baseId: string, contentId: string, derive: DeriveChanges, now: string, withBaseLock: boolean,
  ): Promise<PageDetail | null> {
    return this.db.transaction(async (tx) => {
      if (withBaseLock && !(await lockBase(tx, baseId))) return null;
      const page = await findPage(tx, baseId, contentId, true);
      if (!page) return null;
      const changes: PageChanges = derive(page);
      const levelChanges = changes.level !== undefined && changes.level !== page.level;
      const titleChanges = changes.title !== undefined && changes.title !== page.title;
      if ((levelChanges || titleChanges) && !withBaseLock && !(await lockBaseAtOnce(tx, baseId))) {
        throw new BaseLockNeeded();
      }
      if (levelChanges) {
        await shiftDescendants(tx, page, levelShift(page.level, await deepestDescendant(tx, page), changes.level!));
      }
      if (levelChanges || titleChanges) await outlineChanged(tx, baseId);
      const { searchTitle, searchBody, ...visibleChanges } = changes;
      const updated: StoredPage = { ...page, ...visibleChanges };
      await tx.run(
        `UPDATE pages SET level = $3, title = $4, type = $5, lang = $6, view = $7, updated_at = $8
         WHERE base_id = $1 AND seq = $2`,
        [baseId, page.seq, updated.level, encodeText(updated.title), updated.type, updated.lang, updated.view, now],
      );
      // The texts and their search index are rewritten only when the text changes.
      if (textChanges.some((field) => changes[field] !== undefined)) {
        await tx.run(
          `UPDATE page_texts SET body = $3, body_html = $4,
             search_title = coalesce($5, search_title), search_body = coalesce($6, search_body)
           WHERE base_id = $1 AND seq = $2`,
          [baseId, page.seq, encodeText(updated.body), encodeNullable(updated.html),
            searchTitle === undefined ? null : encodeText(searchTitle),
            searchBody === undefined ? null : encodeText(searchBody)],
        );
      }
      return pageDetail(tx, (await findPage(tx, baseId, contentId))!);
    });
  }

  delete(baseId: string, contentId: string, now: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await lockBase(tx, baseId))) return false;
      const page = await findPage(tx, baseId, contentId, true);
      if (!page) return false;
      await shiftDescendants(tx, page, -1);
      await tx.run(
        `UPDATE pages SET status = '${DELETED}', deleted_at = $3 WHERE base_id = $1 AND seq = $2`, [baseId, page.seq, now],
      );
      await markDeleted(tx, baseId, page.seq);
      await outlineChanged(tx, baseId, -1);
      return true;
    });
  }
}
