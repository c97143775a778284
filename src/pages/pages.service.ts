// The page use cases: reads of live pages and the writes that keep `order` dense and unique. Every write
// is one unit of work of its base (writeToBase, writeOutline), so outline writes of one base run one at a time.
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { confirmed, type AccessCheck, type KeptAccess } from '../auth/access';
import { AccessService } from '../auth/access.service';
import { BoundedCache } from '../cache/bounded-cache';
import { prepareTitle } from '../content/prepare';
import { isUniqueViolation } from '../database/db-errors';
import { UnitOfWork } from '../database/unit-of-work';
import { badRequest, baseGone, pageNotFound } from '../errors/domain-error';
import { MAX_LEVEL } from '../outline/limits';
import { ancestorsFromNearest, levelShift, shiftFits } from '../outline/outline';
import { OutlineError } from '../outline/outline-error';
import { DisplayOrder } from '../order/display-order.service';
import { now, type ContentType, type Lang, type View } from '../vocabulary';
import type { PageDetailRow, PageRow, PageSummaryRow } from './page.rows';
import { AncestorPaths } from './ancestor-paths';
import { newContentId } from './content-id';
import { sentBodyContent, sentContent, storedBodyContent, usedAs, type SentContent } from './page-content';
import { KeptBodies } from './kept-bodies';
import { pageByContentId } from './page-joins.query';
import { SearchIndex } from './search-index.port';
import { PageChangedMeanwhile, pageVersion, type UpdatePrecondition } from './page-version';
import { PagesRepository, type NearestPages, type PageColumnChanges, type PageForWrite, type PageTextChanges, type VersionedPage } from './pages.repository';

export interface NewPageInput {
  title: string;
  body: string;
  type: ContentType;
  lang: Lang;
}

export interface PageChangesInput {
  title?: string;
  body?: string;
  type?: ContentType;
  lang?: Lang;
  view?: View | null;
  level?: number;
}

/** How many content ids a create draws before it gives up (each a 1 in 36^6 chance of being taken). */
const CONTENT_ID_DRAWS = 5;

/** How often a read tries a lock-free consistent read before it queues with the writes. */
const CONSISTENT_READ_ATTEMPTS = 3;

/** Ancestor levels a detail read probes in its first statement, until deeper pages are seen in the base (then up to the maximum). */
const DEFAULT_PROBED_LEVELS = 4;
const MAX_PROBED_LEVELS = 12;
/** Bases whose deepest level is remembered; one forgotten probes DEFAULT_PROBED_LEVELS again until it meets a deeper page. */
const DEEPEST_SEEN_BASES = 4096;

/** More than any base holds: the limit of an unpaged list. */
const ALL_PAGES = 2 ** 31 - 1;

/** What the request's authorization found, for a page read to build on. */
export interface DetailHints {
  /** The base's outline version the caller last saw. */
  outlineVersion?: number;
  /** The request was authorized on a kept access, which the answering statement confirms (else KeptAccessChanged). */
  unconfirmed?: KeptAccess;
  /** SQLite: the change stamp at which the access was found to hold (Access.stamp). */
  stamp?: number;
}

export interface Paging {
  limit?: number;
  offset?: number;
}

@Injectable()
export class PagesService {
  /** Per base, the deepest level a detail read met. */
  private readonly deepestSeen = new BoundedCache<string, number>({ name: 'deepest levels seen', bound: DEEPEST_SEEN_BASES });
  private readonly logger = new Logger(PagesService.name);

  constructor(
    private readonly db: UnitOfWork,
    private readonly pages: PagesRepository,
    private readonly order: DisplayOrder,
    private readonly searchIndex: SearchIndex,
    private readonly paths: AncestorPaths,
    private readonly bodies: KeptBodies,
    private readonly access: AccessService,
  ) {}

  /**
   * Live pages in display order, a window of them when paged; `total` is the full count. The window
   * starts at the position that the live positions of an outline version give for `offset`, and
   * its pages are read with the version they belong to; when a write committed in between, both are
   * read again, so pages, orders and total are always of one outline. `outlineVersion` is the
   * version the caller last saw (a hint).
   */
  async list(baseId: string, paging: Paging, outlineVersion?: number): Promise<{ pages: PageSummaryRow[]; total: number }> {
    const from = paging.offset ?? 0;
    const limit = paging.limit ?? ALL_PAGES;
    let version = outlineVersion;
    for (let attempt = 0; attempt < CONSISTENT_READ_ATTEMPTS; attempt++) {
      const read = await this.listAt(this.db.reader, baseId, from, limit, version);
      if (read.consistent) return read.list;
      version = read.outlineVersion;
    }
    return this.db.writeToBase(baseId, async (tx) => (await this.listAt(tx, baseId, from, limit, undefined)).list);
  }

  private async listAt(em: EntityManager, baseId: string, from: number, limit: number, version: number | undefined) {
    const known = await this.order.positions(em, baseId, version);
    if (!known) throw baseGone(baseId);
    const total = known.positions.total;
    const first = limit === 0 ? null : known.positions.positionAt(from);
    if (first === null) return { consistent: true, list: { pages: [], total }, outlineVersion: known.outlineVersion };
    const window = await this.pages.windowFrom(em, baseId, first, from, limit);
    const consistent = window.outlineVersion === known.outlineVersion;
    return { consistent, list: { pages: window.pages, total }, outlineVersion: window.outlineVersion ?? undefined };
  }

  /**
   * A live page and its path. On SQLite, the answer kept at the stamp the request was authorized
   * at, if any (KeptBodies): nothing has committed since it was read. Else it is read (readDetail).
   */
  async detail(baseId: string, contentId: string, hints: DetailHints = {}): Promise<PageDetailRow> {
    const { stamp } = hints;
    const kept = stamp === undefined ? undefined : this.bodies.answerAt(baseId, contentId, stamp);
    if (kept) return kept;
    const detail = await this.readDetail(baseId, contentId, hints);
    if (stamp !== undefined) this.bodies.keepAnswer(baseId, contentId, stamp, detail);
    return detail;
  }

  /**
   * When ancestors of the page are kept for an outline version not older than the one the caller
   * saw, one statement reads the page and the version, and the kept ancestors answer if the version
   * is still that one. Otherwise they are read (readWithAncestors). `unconfirmed`: the request was
   * authorized on a kept access, which the same statement confirms (else KeptAccessChanged).
   */
  private async readDetail(baseId: string, contentId: string, { outlineVersion, unconfirmed }: DetailHints): Promise<PageDetailRow> {
    const accessCheck = unconfirmed && this.access.confirmationCheck(unconfirmed);
    const keptVersion = this.paths.keptVersion(baseId);
    if (keptVersion !== undefined && keptVersion >= (outlineVersion ?? 0) && this.paths.get(baseId, keptVersion, contentId)) {
      const kept = this.bodies.get(baseId, contentId);
      const found = confirmed(await this.pages.findLiveVersioned(this.db.preparedReader, baseId, contentId, accessCheck, kept), accessCheck);
      if (!found) throw pageNotFound();
      this.bodies.keep(baseId, contentId, found.page);
      const ancestors = this.paths.get(baseId, found.outlineVersion, contentId);
      if (ancestors) return { ...found.page, path: [...ancestors, found.page.title] };
    }
    const detail = await this.readWithAncestors(baseId, contentId, accessCheck);
    this.bodies.keep(baseId, contentId, detail);
    return detail;
  }

  /**
   * A live page with its ancestors in one statement, so the path is one the outline had: probing the
   * levels seen in the base, or, for a page deeper than those, every level a page can have.
   */
  private async readWithAncestors(baseId: string, contentId: string, accessCheck: AccessCheck | undefined): Promise<PageDetailRow> {
    let found = confirmed(await this.pages.findWithNearest(this.db.preparedReader, baseId, contentId, this.probedLevels(baseId), accessCheck), accessCheck);
    if (found?.nearest === null) {
      this.deepestSeen.set(baseId, Math.min(MAX_PROBED_LEVELS, found.page.level));
      found = confirmed(await this.pages.findWithNearest(this.db.preparedReader, baseId, contentId, MAX_LEVEL, accessCheck), accessCheck);
    }
    if (!found) throw pageNotFound();
    return this.keptPath(found, found.nearest!);
  }

  /** The page with the path its nearest pages give, kept for the outline version they were read at. */
  private keptPath(found: VersionedPage, nearest: NearestPages['nearest']): PageDetailRow {
    const detail = withAncestors(found.page, nearest);
    this.paths.set(found.page.baseId, found.outlineVersion, found.page.contentId, detail.path.slice(0, -1));
    return detail;
  }

  /** How many levels of ancestors a detail read of the base probes in its first statement: the deepest page seen, at least a few. */
  private probedLevels(baseId: string): number {
    return this.deepestSeen.get(baseId) ?? DEFAULT_PROBED_LEVELS;
  }

  async create(baseId: string, input: NewPageInput): Promise<PageDetailRow> {
    const content = sentBodyContent(input.type, input.body);
    const searchTitle = prepareTitle(input.title);
    // On MySQL/MariaDB nothing this write sends waits for an answer, so it is one round trip with its
    // COMMIT, the base locked no longer than that; where the page went is read with the COMMIT.
    const written = await this.appendWithFreeContentId(baseId, async (tx, contentId) => {
      const row = {
        baseId, contentId, title: input.title, type: input.type, lang: input.lang, now: now(),
        body: content.body, bodyHtml: content.html, searchTitle, searchBody: content.searchBody,
      };
      await this.pages.append(tx, row);
      await this.pages.insertText(tx, row);
      await this.order.markAppended(tx, baseId, pageByContentId(baseId, contentId));
      await this.searchIndex.pageCreated(tx, baseId, contentId);
      return { row, appended: this.pages.appendedAtCommit(tx, baseId, contentId) };
    });
    const at = await written.appended;
    if (!at) throw baseGone(baseId);
    const stamp = written.row.now;
    this.order.keepAfterWrite(baseId, at.outlineVersion, (positions) => positions.withLive(at.position, true));
    await this.mergeSearchWhenDue(baseId);
    return {
      pageId: at.pageId, baseId, contentId: written.row.contentId, position: at.position, title: input.title, type: input.type, level: 0,
      lang: input.lang, updatedAt: stamp, createdAt: stamp, body: content.body, bodyRevision: 0, view: null, path: [input.title],
    };
  }

  /**
   * Runs the outline write of a create, adding one live page, with a content id drawn for it, and
   * again with another while the drawn one is taken in the base (the unique key fails the write,
   * which then left nothing).
   */
  private async appendWithFreeContentId<T>(baseId: string, write: (tx: EntityManager, contentId: string) => Promise<T>): Promise<T> {
    for (let draw = 1; ; draw++) {
      const contentId = newContentId();
      try {
        return await this.db.writeOutline(baseId, 1, (tx) => write(tx, contentId));
      } catch (error) {
        if (!isUniqueViolation(error) || draw >= CONTENT_ID_DRAWS) throw error;
      }
    }
  }

  /**
   * `precondition` (the web editor's; the REST API sends none, so the last write wins there): the
   * page must still be at the version the change was made from, checked once it is read under the
   * base's lock; else PageChangedMeanwhile, with the page as it is, and nothing is written.
   */
  async update(baseId: string, contentId: string, input: PageChangesInput, precondition?: UpdatePrecondition): Promise<PageDetailRow> {
    if (Object.keys(input).length === 0) throw badRequest('Send at least one field to change.');
    // A body sent with its type is refused or not before the page is looked up (the body's 400 comes
    // before the page's 404), and rendered outside the base's lock. Sent without one, it is rendered
    // as Markdown, the default, there too; but only the page's own type can refuse it (a text page
    // may hold any text), so that waits for the write, which renders it again for another type.
    const sent = input.body === undefined ? undefined : sentContent(input.type, input.body);
    // A title or a level may change paths and the tree: the outline version moves as the lock is taken.
    const movesOutline = input.title !== undefined || input.level !== undefined;
    const write = async (tx: EntityManager) => {
      // A level past the deepest allowed is refused by moveLevel; it needs no more probes than that.
      const newLevel = input.level === undefined ? undefined : Math.min(input.level, MAX_LEVEL);
      const found = await this.pages.findForWrite(tx, baseId, contentId, { probedLevels: this.probedLevels(baseId), newLevel });
      // writeToBase told already that the base is there; writeOutline's deferred version move tells nothing.
      if (!found) return this.notFound(tx, baseId, !movesOutline);
      const current = found.page;
      if (precondition && pageVersion(current) !== precondition.version) throw new PageChangedMeanwhile(current);
      const { columns, texts } = this.changesOf(current, input, sent);
      // Before the new texts are stored: the index records the ones its postings hold.
      if (texts.searchTitle !== undefined || texts.searchBody !== undefined) await this.searchIndex.pageTextsChanging(tx, { baseId, pageId: current.pageId });
      await this.pages.update(tx, baseId, current.pageId, columns, texts);
      const level = input.level ?? current.level;
      if (level !== current.level) await this.moveLevel(tx, current, found, level);
      // The answer is what the statements above stored; the pages before this one did not move.
      const page: PageRow = {
        ...current, title: input.title ?? current.title, type: input.type ?? current.type, lang: input.lang ?? current.lang,
        view: input.view !== undefined ? input.view : current.view, updatedAt: columns.updatedAt!, body: texts.body ?? current.body, level,
        bodyRevision: columns.bodyRevision ?? current.bodyRevision,
      };
      const nearest = found.nearest ?? (await this.pages.findWithNearest(tx, baseId, contentId, level))!.nearest!;
      return { page: withAncestors(page, nearest), outlineVersion: found.outlineVersion };
    };
    const updated = await (movesOutline ? this.db.writeOutline(baseId, 0, write) : this.db.writeToBase(baseId, write));
    if (movesOutline) this.order.keepAfterWrite(baseId, updated.outlineVersion);
    if (input.title !== undefined || input.body !== undefined || input.type !== undefined) await this.mergeSearchWhenDue(baseId);
    return updated.page;
  }

  /** Soft-deletes the page (into the trash); `deletedBy`: the user who deleted it (the token's or the session's). */
  async delete(baseId: string, contentId: string, deletedBy?: number): Promise<void> {
    await this.order.writeOutline(this.db, baseId, -1, async (tx, leave) => {
      const page = await this.pages.findForDelete(tx, baseId, contentId);
      if (!page) return this.notFound(tx, baseId);
      await this.pages.shiftLevels(tx, baseId, { from: page.position + 1, to: page.descendantsEnd }, -1);
      const { positions } = (await this.order.positionsInWrite(tx, baseId, page.outlineVersion - 1))!;
      await this.pages.softDelete(tx, baseId, page.pageId, { order: positions.orderOf(page.position), now: now(), by: deletedBy ?? null });
      await this.order.markGone(tx, baseId, page.position, positions);
      await this.searchIndex.pageDeleted(tx, { baseId, pageId: page.pageId });
      leave(page.outlineVersion, positions.withLive(page.position, false));
    });
    await this.mergeSearchWhenDue(baseId);
  }

  /**
   * After a write that told the search index has committed. The write has answered for itself
   * whatever happens here: a failed merge leaves the changes pending, which searches read anyway
   * and the next write's merge folds in.
   */
  private async mergeSearchWhenDue(baseId: string): Promise<void> {
    try {
      await this.searchIndex.mergeWhenDue(this.db, baseId);
    } catch (error) {
      this.logger.warn(`merging the search index of base ${baseId} failed; its changes stay pending: ${(error as Error).message}`);
    }
  }

  /** A page a write looked for is not there: nor may its base be, unless `baseKnown` (the read
   * that found nothing tells no more, when the base was locked by moving its outline version). */
  private async notFound(tx: EntityManager, baseId: string, baseKnown = false): Promise<never> {
    if (!baseKnown) await this.db.requireBase(tx, baseId);
    throw pageNotFound();
  }

  /** The stored changes of a partial update; content is derived again when body or type is sent. */
  private changesOf(current: PageRow, input: PageChangesInput, sent?: SentContent): { columns: PageColumnChanges; texts: PageTextChanges } {
    const columns: PageColumnChanges = { title: input.title, type: input.type, lang: input.lang, updatedAt: now() };
    if (input.view !== undefined) columns.view = input.view;
    const texts: PageTextChanges = {};
    if (input.title !== undefined) texts.searchTitle = prepareTitle(input.title);
    if (input.body !== undefined || input.type !== undefined) {
      const type = input.type ?? current.type;
      const content = sent ? usedAs(sent, type) : storedBodyContent(type, current.body);
      Object.assign(texts, { body: content.body, bodyHtml: content.html, searchBody: content.searchBody });
      // Kept bodies (KeptBodies) hold only while the revision is theirs. Read under the base's lock,
      // which every body change takes, so no other write moves it in between.
      columns.bodyRevision = current.bodyRevision + 1;
    }
    return { columns, texts };
  }

  /**
   * Moves the page and its descendants (which end before `found.descendantsEnd`) to `newLevel`; a
   * descendant past the deepest level a page can have is a 400. The deepest level of the base
   * bounds theirs: when the move fits under it, their own deepest level is not read (on
   * MySQL/MariaDB, a round trip less while the base is locked).
   */
  private async moveLevel(tx: EntityManager, page: PageRow, found: Pick<PageForWrite, 'descendantsEnd' | 'deepestInBase'>, newLevel: number): Promise<void> {
    const subtree = { from: page.position, to: found.descendantsEnd };
    const bound = found.deepestInBase;
    const deepest = bound !== null && shiftFits(page.level, bound, newLevel) ? bound : await this.pages.deepestLevel(tx, page.baseId, subtree);
    let shift: number;
    try {
      shift = levelShift(page.level, deepest, newLevel);
    } catch (error) {
      if (error instanceof OutlineError) throw badRequest(error.message);
      throw error;
    }
    await this.pages.shiftLevels(tx, page.baseId, subtree, shift);
  }
}

/** The page with its path: its ancestors' titles from the nearest pages above it, then its own. */
function withAncestors(page: PageRow, nearest: NearestPages['nearest']): PageDetailRow {
  return { ...page, path: [...ancestorsFromNearest(nearest).map((a) => a.title), page.title] };
}
