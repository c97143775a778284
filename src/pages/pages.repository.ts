// The SQL of pages: reads of live pages and the outline writes. Every method takes the
// EntityManager of the caller's read or transaction; the SQL is accepted by SQLite and MySQL/MariaDB.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { concatSql, dialectOf, tableWithIndex, textBytesSql, textOf } from '../database/dialect';
import { joinSql, sql, type Sql } from '../database/sql';
import { query, readAtCommit, runLater } from '../database/statement-pipeline';
import type { Dialect } from '../database/data-source';
import type { AccessCheck } from '../auth/access';
import { accessCheckSql, accessHoldsOf } from '../auth/access-check.query';
import { BASE_ROW, joinBaseRow, OUTLINE_VERSION_COLUMN } from '../bases/base-row.query';
import { CHANGE_NO, countPageChange } from '../bases/page-changes.query';
import type { ContentType, Lang, View } from '../vocabulary';
import type { KeptBody } from './kept-bodies';
import type { PageRow, PageSummaryRow } from './page.rows';

/** The columns of a page summary (and its position), as rows of `pages p` give them. */
export const SUMMARY_COLUMNS = sql`p.content_id, p.title, p.type, p.level, p.pos, p.lang, p.updated_at`;

export interface SummaryRecord {
  content_id: string; title: string; type: ContentType; level: number; pos: number; lang: Lang; updated_at: string;
}
interface PageRecord extends SummaryRecord {
  page_id: number; base_id: string; body: string | Buffer; body_rev: number; view_mode: View | null; created_at: string;
}

/** A summary at display order `order` (which the caller knows: positions are not orders). */
export function toSummary(r: SummaryRecord, order: number): PageSummaryRow {
  return { contentId: r.content_id, title: r.title, type: r.type, level: Number(r.level), order, lang: r.lang, updatedAt: r.updated_at };
}

/** A page's row, read with its body or, when the caller keeps the body, without (findLiveVersioned). */
type PageRecordMaybeBody = Omit<PageRecord, 'body'> & Partial<Pick<PageRecord, 'body'>>;

/** A page of a row; a row read without its body takes `keptBody`. */
function toPage(r: PageRecordMaybeBody, keptBody?: string): PageRow {
  return {
    contentId: r.content_id, title: r.title, type: r.type, level: Number(r.level), lang: r.lang, updatedAt: r.updated_at, pageId: Number(r.page_id), baseId: r.base_id, position: Number(r.pos),
    body: r.body === undefined ? keptBody! : textOf(r.body), bodyRevision: Number(r.body_rev), view: r.view_mode, createdAt: r.created_at,
  };
}

/** The columns of a page's answer but its body. The stored HTML and search texts are left out:
 * reading them costs about a third of a detail read's time on SQLite, and only writes use the search texts. */
const PAGE_COLUMNS = sql`${SUMMARY_COLUMNS}, p.page_id, p.base_id, p.body_rev, p.view_mode, p.created_at`;

/** What a page's answer needs, from `pages p JOIN page_texts t`. */
function answerColumns(dialect: Dialect): Sql {
  return sql`${PAGE_COLUMNS}, ${textBytesSql(dialect, sql`t.body`)} AS body`;
}

/**
 * Columns near_0 … near_{levels-1}: the nearest earlier page of each level as "position title"
 * (a subquery yields one column, and each costs MariaDB about 10 µs of CPU). Levels are integers
 * of ours, written into the SQL. `belowOwnLevel` spares the probes at or below the page's own level.
 */
function nearestProbes(dialect: Dialect, levels: number, belowOwnLevel: boolean): Sql {
  const nearest = concatSql(dialect, [sql`a.pos`, sql`' '`, sql`a.title`]);
  const byLevel = tableWithIndex(dialect, sql`pages`, sql`pages_by_level`, sql`a`);
  return joinSql(Array.from({ length: levels }, (_, l) =>
    sql`, (SELECT ${nearest} FROM ${byLevel} WHERE a.base_id = p.base_id AND a.level = ${l} AND a.pos < p.pos${belowOwnLevel ? sql` AND p.level > ${l}` : sql``}
        ORDER BY a.pos DESC LIMIT 1) AS near_${l}`), sql``);
}

/** A probe's "position title", or null when the level has no page before. */
function positionAndTitle(value: unknown): { position: number; title: string } | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  const space = text.indexOf(' ');
  return { position: Number(text.slice(0, space)), title: text.slice(space + 1) };
}

export interface NearestPages {
  nearest: ({ position: number; title: string } | null)[];
  outlineVersion: number | null;
}

export interface VersionedPage {
  page: PageRow;
  outlineVersion: number;
  /** What the access check read with the page said (AccessRepository.holdsCheck), when one was asked for. */
  accessHolds?: boolean;
}

/** Where a new page went, and the base's outline version as its write left it. */
export interface AppendedPage {
  pageId: number;
  position: number;
  outlineVersion: number;
}

/** What a write reads of a page (PagesRepository.findForWrite). */
export interface PageForWrite {
  page: PageRow;
  /** Nearest earlier page of each level of the page's path after the write; null when deeper than the levels probed. */
  nearest: NearestPages['nearest'] | null;
  /** With `newLevel`: the position the page's descendants end before (null: the end of the base, or not asked for). */
  descendantsEnd: number | null;
  /** The base's outline version as the write sees it (after its own move, when it made one). */
  outlineVersion: number;
  /** With `newLevel`: the deepest level of any page of the base, a bound of the descendants' (null otherwise). */
  deepestInBase: number | null;
}

/** What a delete reads of a page (PagesRepository.findForDelete). */
export interface PageToDelete {
  pageId: number;
  position: number;
  /** The position the page's descendants end before (null: the end of the base). */
  descendantsEnd: number | null;
  /** The base's outline version after the delete's own move. */
  outlineVersion: number;
}

/** Live pages in display order with the outline version they were read at (null when none were read). */
export interface VersionedWindow {
  pages: PageSummaryRow[];
  outlineVersion: number | null;
}

export interface NewPageRow {
  baseId: string; contentId: string; title: string; type: ContentType; lang: Lang; now: string;
  body: string; bodyHtml: string | null; searchTitle: string; searchBody: string;
}

export type PageColumnChanges = Partial<{
  title: string; type: ContentType; lang: Lang; view: View | null; updatedAt: string; bodyRevision: number;
}>;
export type PageTextChanges = Partial<{ body: string; bodyHtml: string | null; searchTitle: string; searchBody: string }>;

const pageColumns: Record<keyof PageColumnChanges, Sql> = { title: sql`title`, type: sql`type`, lang: sql`lang`, view: sql`view_mode`, updatedAt: sql`updated_at`, bodyRevision: sql`body_rev` };
const textColumns: Record<keyof PageTextChanges, Sql> = { body: sql`body`, bodyHtml: sql`body_html`, searchTitle: sql`search_title`, searchBody: sql`search_body` };

/** Live positions from `from` (inclusive) to `to` (exclusive; null: to the end of the base). */
export interface PositionRange {
  from: number;
  to: number | null;
}

/** The position of the first page after `p` not deeper than it: where p's descendants end (null: the end of the base). */
function descendantsEndSql(dialect: Dialect): Sql {
  return sql`(SELECT d.pos FROM ${tableWithIndex(dialect, sql`pages`, sql`pages_by_order`, sql`d`)}
      WHERE d.base_id = p.base_id AND d.pos > p.pos AND d.level <= p.level ORDER BY d.pos LIMIT 1)`;
}

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function rangeWhere(range: PositionRange): [Sql, number[]] {
  return range.to === null ? [sql`pos >= ?`, [range.from]] : [sql`pos >= ? AND pos < ?`, [range.from, range.to]];
}

/** `column = ?, …` of the changes given (none: an empty list), the columns named by the caller's table. */
function setClause<K extends string>(changes: Partial<Record<K, unknown>>, columns: Record<K, Sql>): [Sql[], unknown[]] {
  const keys = (Object.keys(changes) as K[]).filter((key) => changes[key] !== undefined);
  return [keys.map((key) => sql`${columns[key]} = ?`), keys.map((key) => changes[key])];
}

@Injectable()
export class PagesRepository {
  /**
   * What a write reads of a live page under the base's lock, in one statement: the page (not its
   * search texts: the search index copies those in the database, SearchIndex.pageTextsChanging);
   * the nearest earlier page of each level below its own, up to `probedLevels` levels, or, with
   * `newLevel`, of each level below that one (a level change; the pages before the page never
   * move), and then also where its descendants end (the first later page not deeper than it, null:
   * the end of the base) and the deepest level of the whole base (one index seek), which bounds
   * theirs. Their own deepest level is a statement of its own (deepestLevel: as a subquery bounded
   * by another, MariaDB scanned the rest of the base), needed only by a move that does not fit
   * under that bound.
   */
  async findForWrite(
    tx: EntityManager, baseId: string, contentId: string, read: { probedLevels: number; newLevel?: number },
  ): Promise<PageForWrite | null> {
    const dialect = dialectOf(tx);
    const subtreeColumns = read.newLevel === undefined ? sql`` : sql`, ${descendantsEndSql(dialect)} AS descendants_end`;
    // Compared with a parameter, not p.base_id, so MySQL/MariaDB read it off the index's end.
    const [deepestColumn, deepestParameters] = read.newLevel === undefined ? [sql``, []]
      : [sql`, (SELECT MAX(x.level) FROM ${tableWithIndex(dialect, sql`pages`, sql`pages_by_level`, sql`x`)} WHERE x.base_id = ?) AS deepest_in_base`, [baseId]];
    const probed = read.newLevel ?? read.probedLevels;
    const rows = await query<(PageRecord & Record<string, unknown>)[]>(
      tx,
      sql`SELECT ${answerColumns(dialect)}, b.outline_version${nearestProbes(dialect, probed, read.newLevel === undefined)}${subtreeColumns}${deepestColumn}
       FROM pages p JOIN page_texts t ON t.page_id = p.page_id ${joinBaseRow(sql`p.base_id`)}
       WHERE p.base_id = ? AND p.content_id = ? AND p.status = 'A'`,
      [...deepestParameters, baseId, contentId],
    );
    const row = rows[0];
    if (!row) return null;
    const page = toPage(row);
    const levels = read.newLevel ?? page.level;
    return {
      page,
      nearest: levels > probed ? null : Array.from({ length: levels }, (_, l) => positionAndTitle(row[`near_${l}`])),
      descendantsEnd: numberOrNull(row.descendants_end),
      outlineVersion: Number(row.outline_version),
      deepestInBase: numberOrNull(row.deepest_in_base),
    };
  }

  /**
   * What a delete reads of a live page under the base's lock, in one statement: where it is and
   * where its descendants end (as findForWrite), with the outline version; none of its texts.
   */
  async findForDelete(tx: EntityManager, baseId: string, contentId: string): Promise<PageToDelete | null> {
    const rows = await query<{ page_id: number; pos: number; outline_version: number; descendants_end: number | null }[]>(
      tx,
      sql`SELECT p.page_id, p.pos, b.outline_version, ${descendantsEndSql(dialectOf(tx))} AS descendants_end
       FROM pages p ${joinBaseRow(sql`p.base_id`)}
       WHERE p.base_id = ? AND p.content_id = ? AND p.status = 'A'`,
      [baseId, contentId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      pageId: Number(row.page_id), position: Number(row.pos), descendantsEnd: numberOrNull(row.descendants_end),
      outlineVersion: Number(row.outline_version),
    };
  }

  /**
   * A live page with the outline version of its base, read together in one statement. `kept`: a
   * body of the page the caller keeps, answered when its page and body revision are still the
   * page's; the statement then leaves the page's texts alone, and only a page whose body has
   * changed since is read again, with its body. A body's revision moves rarely; a subquery that read
   * the body only when it had moved cost CPU on every read (100,000 pages on MariaDB, a slowed
   * machine, detail of another page each time, two runs of 6 rounds with the builds in turn: medians
   * of 229 µs of MariaDB's CPU and 318-320 of the service's a request without it, against 265-280
   * and 406-411).
   */
  async findLiveVersioned(em: EntityManager, baseId: string, contentId: string, accessCheck?: AccessCheck, kept?: KeptBody): Promise<VersionedPage | null> {
    const [checkColumn, checkJoins, checkParameters] = accessCheckSql(accessCheck);
    const withBody = kept === undefined;
    const rows: (PageRecordMaybeBody & { outline_version: number } & Record<string, unknown>)[] = await em.query(
      `SELECT ${withBody ? answerColumns(dialectOf(em)) : PAGE_COLUMNS}, b.outline_version${checkColumn}
       FROM pages p${withBody ? ' JOIN page_texts t ON t.page_id = p.page_id' : ''} ${joinBaseRow(sql`p.base_id`)}${checkJoins}
       WHERE p.base_id = ? AND p.content_id = ? AND p.status = 'A'`,
      [...checkParameters, baseId, contentId],
    );
    const row = rows[0];
    if (!row) return null;
    if (kept && (Number(row.page_id) !== kept.pageId || Number(row.body_rev) !== kept.bodyRevision)) return this.findLiveVersioned(em, baseId, contentId, accessCheck);
    return { page: toPage(row, kept?.body), outlineVersion: Number(row.outline_version), accessHolds: accessHoldsOf(row, accessCheck) };
  }

  /**
   * A live page with the nearest earlier page of each level below its own, up to `probedLevels`
   * levels, in one statement (so the path is one the outline had). `nearest` is null when the page
   * is deeper than that: read it again probing as many levels as it has.
   */
  async findWithNearest(em: EntityManager, baseId: string, contentId: string, probedLevels: number, accessCheck?: AccessCheck): Promise<(VersionedPage & { nearest: NearestPages['nearest'] | null }) | null> {
    const dialect = dialectOf(em);
    const [checkColumn, checkJoins, checkParameters] = accessCheckSql(accessCheck);
    const rows: (PageRecord & { outline_version: number } & Record<string, unknown>)[] = await em.query(
      `SELECT ${answerColumns(dialect)}, b.outline_version${checkColumn}${nearestProbes(dialect, probedLevels, true)}
       FROM pages p JOIN page_texts t ON t.page_id = p.page_id ${joinBaseRow(sql`p.base_id`)}${checkJoins}
       WHERE p.base_id = ? AND p.content_id = ? AND p.status = 'A'`,
      [...checkParameters, baseId, contentId],
    );
    const row = rows[0];
    if (!row) return null;
    const page = toPage(row);
    const found = page.level > probedLevels ? null : Array.from({ length: page.level }, (_, l) => positionAndTitle(row[`near_${l}`]));
    return { page, outlineVersion: Number(row.outline_version), accessHolds: accessHoldsOf(row, accessCheck), nearest: found };
  }

  /**
   * Up to `limit` live pages in display order from position `from`, numbered from `firstOrder`; with
   * the base's outline version read in the same statement, so the caller can tell whether the
   * positions it found `from` by still hold.
   */
  async windowFrom(em: EntityManager, baseId: string, from: number, firstOrder: number, limit: number): Promise<VersionedWindow> {
    const rows: (SummaryRecord & { outline_version: number })[] = await em.query(
      `SELECT ${OUTLINE_VERSION_COLUMN}, ${SUMMARY_COLUMNS}
       FROM ${tableWithIndex(dialectOf(em), sql`pages`, sql`pages_by_order`, sql`p`)} WHERE p.base_id = ? AND p.pos >= ?
       ORDER BY p.pos LIMIT ?`,
      [baseId, baseId, from, limit],
    );
    return { pages: rows.map((r, i) => toSummary(r, firstOrder + i)), outlineVersion: rows[0] ? Number(rows[0].outline_version) : null };
  }

  /**
   * Appends the page after the base's greatest position, at level 0 (nothing when the base is gone).
   * Its result is not read, so on MySQL/MariaDB it goes with the write's next statement, which tells
   * where it went (appendedAtCommit): one round trip of the locked base fewer. A content
   * id taken in the base fails that statement, and with it the write. MySQL reads the table an
   * INSERT … SELECT writes only in its FROM clause (a derived table), never in a subquery.
   */
  async append(tx: EntityManager, page: NewPageRow): Promise<void> {
    await runLater(
      tx,
      sql`INSERT INTO pages (base_id, content_id, pos, level, status, title, type, lang, view_mode, created_at, updated_at, change_no)
       SELECT b.base_id, ?, m.next_pos, 0, 'A', ?, ?, ?, NULL, ?, ?, ${CHANGE_NO}
       FROM ${BASE_ROW} CROSS JOIN (SELECT COALESCE(MAX(pos) + 1, 0) AS next_pos FROM pages WHERE base_id = ?) m WHERE b.base_id = ?`,
      [page.contentId, page.title, page.type, page.lang, page.now, page.now, page.baseId, page.baseId, page.baseId],
    );
    await countPageChange(tx, page.baseId);
  }

  /** The text of the page that append stored (found by its content id, so the write waits for no id). */
  async insertText(tx: EntityManager, page: NewPageRow): Promise<void> {
    await runLater(
      tx,
      sql`INSERT INTO page_texts (page_id, body, body_html, search_title, search_body)
       SELECT page_id, ?, ?, ?, ? FROM pages WHERE base_id = ? AND content_id = ?`,
      [page.body, page.bodyHtml, page.searchTitle, page.searchBody, page.baseId, page.contentId],
    );
  }

  /**
   * Where the page that append stored went, read just before the write commits (with its COMMIT on
   * MySQL/MariaDB): its id, its position and the base's outline version; null when the base is gone
   * (and so nothing was appended).
   */
  appendedAtCommit(tx: EntityManager, baseId: string, contentId: string): Promise<AppendedPage | null> {
    return readAtCommit(
      tx,
      sql`SELECT p.page_id, p.pos, b.outline_version FROM pages p ${joinBaseRow(sql`p.base_id`)}
       WHERE p.base_id = ? AND p.content_id = ?`,
      [baseId, contentId],
      ([row]: { page_id: number; pos: number; outline_version: number }[]) =>
        row ? { pageId: Number(row.page_id), position: Number(row.pos), outlineVersion: Number(row.outline_version) } : null,
    );
  }

  /** Every update moves updated_at: it counts as a change of the page (page-changes.query.ts). */
  async update(tx: EntityManager, baseId: string, pageId: number, page: PageColumnChanges, text: PageTextChanges): Promise<void> {
    const [pageSet, pageParams] = setClause(page, pageColumns);
    await runLater(tx, sql`UPDATE pages SET ${joinSql([...pageSet, sql`change_no = ${CHANGE_NO}`])} WHERE page_id = ?`, [...pageParams, baseId, pageId]);
    await countPageChange(tx, baseId);
    const [textSet, textParams] = setClause(text, textColumns);
    if (textSet.length > 0) await runLater(tx, sql`UPDATE page_texts SET ${joinSql(textSet)} WHERE page_id = ?`, [...textParams, pageId]);
  }

  async deepestLevel(tx: EntityManager, baseId: string, range: PositionRange): Promise<number> {
    const [where, params] = rangeWhere(range);
    const rows = await query<{ deepest: number }[]>(
      tx, sql`SELECT MAX(level) AS deepest FROM ${tableWithIndex(dialectOf(tx), sql`pages`, sql`pages_by_order`)} WHERE base_id = ? AND ${where}`, [baseId, ...params],
    );
    return Number(rows[0].deepest);
  }

  async shiftLevels(tx: EntityManager, baseId: string, range: PositionRange, shift: number): Promise<void> {
    // A page without descendants (a leaf's delete) has an empty range: no statement at all.
    if (shift === 0 || (range.to !== null && range.from >= range.to)) return;
    const [where, params] = rangeWhere(range);
    await runLater(tx, sql`UPDATE pages SET level = level + ? WHERE base_id = ? AND ${where}`, [shift, baseId, ...params]);
  }

  /** Takes the page out of the live list, keeping the display order it had and who deleted it (null: not known). */
  async softDelete(tx: EntityManager, baseId: string, pageId: number, deleted: { order: number; now: string; by: number | null }): Promise<void> {
    await runLater(
      tx,
      sql`UPDATE pages SET status = 'D', deleted_ord = ?, pos = NULL, deleted_at = ?, deleted_by = ?, updated_at = ?, change_no = ${CHANGE_NO} WHERE page_id = ?`,
      [deleted.order, deleted.now, deleted.by, deleted.now, baseId, pageId],
    );
    await countPageChange(tx, baseId);
  }
}
