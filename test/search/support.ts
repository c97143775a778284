// Search tests: a fresh migrated database per backend, the search services as the app's modules
// build them (Test.createTestingModule over AppModule, so no copy of the wiring to keep in step),
// pages written straight into bases, pages and page_texts (as the pages module would) with the
// search index told inside the same transaction, and the reference: a plain scan of the live
// pages' normalised texts.
import { Test, type TestingModule } from '@nestjs/testing';
import type { EntityManager } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { defaults } from '../../src/config/config';
import { normalizeForSearch } from '../../src/content/search-text';
import { UnitOfWork } from '../../src/database/unit-of-work';
import type { PageSummaryRow } from '../../src/pages/page.rows';
import { LiveBlocksRepository } from '../../src/order/live-blocks.repository';
import { OrderModule } from '../../src/order/order.module';
import { CHANGE_NO, countPageChange } from '../../src/bases/page-changes.query';
import { decodeChunk } from '../../src/search/page-set';
import { KeptPendingTexts } from '../../src/search/kept-pending-texts';
import { KeptPostings } from '../../src/search/kept-postings';
import { KeptRankKeys } from '../../src/search/kept-rank-keys';
import { KeptSummaries } from '../../src/search/kept-summaries';
import { KeptWords } from '../../src/search/kept-words';
import { SearchIndexService } from '../../src/search/search-index.service';
import { ALL_KEY } from '../../src/search/search-keys';
import { SearchModule } from '../../src/search/search.module';
import { SearchRanking, type Paging } from '../../src/search/search-rank';
import { SearchService } from '../../src/search/search.service';
import { createTestDatabase, type Backend, type TestDatabase } from '../support/databases';

/** Where a base's writes go: the connection, the index told inside them and the live-position bitmaps. */
export interface SearchWriter {
  db: UnitOfWork;
  index: SearchIndexService;
  liveBlocks: LiveBlocksRepository;
}

export interface SearchSetup extends SearchWriter {
  /** The test database's URL, for a connection of its own (as another process has). */
  url: string;
  /** The app's modules on the test database: for a provider the fields below leave out. */
  module: TestingModule;
  ranking: SearchRanking;
  /** Off (keepFrom: Infinity) unless a test keeps the keys of its bases. */
  keptKeys: KeptRankKeys;
  pendingTexts: KeptPendingTexts;
  /** Kept only for bases whose keys are kept. */
  keptSummaries: KeptSummaries;
  keptWords: KeptWords;
  keptPostings: KeptPostings;
  service: SearchService;
  close(): Promise<void>;
}

export async function openSearch(backend: Backend): Promise<SearchSetup> {
  const database: TestDatabase = await createTestDatabase(backend);
  const setup = await connectSearch(database.url);
  return {
    ...setup,
    close: async () => {
      await setup.close();
      await database.drop();
    },
  };
}

/**
 * The app's modules on an existing database, as another process running the service has them: its
 * own connection, its own kept state. Compiled but not started, so nothing merges at start; the
 * caller changes settings on the providers it gets (they are the module's single instances).
 */
export async function connectSearch(url: string): Promise<SearchSetup> {
  const module = await Test.createTestingModule({ imports: [AppModule.forRoot({ ...defaults, logLevel: 'silent', databaseUrl: url })] }).compile();
  // The search module's own instances (the pages module has a SearchPagesQuery of its own).
  const search = module.select(SearchModule);
  const keptKeys = search.get(KeptRankKeys, { strict: true });
  keptKeys.keepFrom = Infinity;
  return {
    url, module,
    db: module.get(UnitOfWork),
    index: search.get(SearchIndexService, { strict: true }),
    liveBlocks: module.select(OrderModule).get(LiveBlocksRepository, { strict: true }),
    ranking: search.get(SearchRanking, { strict: true }),
    keptKeys,
    pendingTexts: search.get(KeptPendingTexts, { strict: true }),
    keptSummaries: search.get(KeptSummaries, { strict: true }),
    keptWords: search.get(KeptWords, { strict: true }),
    keptPostings: search.get(KeptPostings, { strict: true }),
    service: search.get(SearchService, { strict: true }),
    // Closing the module closes its connection (DatabaseModule's shutdown hook).
    close: () => module.close(),
  };
}

/** The reference's page: live pages are kept in display order. */
export interface ModelPage {
  pageId: number;
  contentId: string;
  title: string;
  searchTitle: string;
  searchBody: string;
  type: 'T' | 'H' | 'M';
  lang: 'ja' | 'en';
  level: number;
  updatedAt: string;
  /** Its position key: one past the last page added to the base. */
  position: number;
}

/** Every live page holding each term in title or body; title matches, then newest, then order. */
export function scanSearch(live: readonly ModelPage[], terms: readonly string[], paging: Paging): { pages: PageSummaryRow[]; total: number } {
  const matches = live
    .map((page, order) => ({ page, order, inTitle: terms.some((t) => page.searchTitle.includes(t)) }))
    .filter(({ page }) => terms.every((t) => page.searchTitle.includes(t) || page.searchBody.includes(t)))
    .sort((a, b) => Number(b.inTitle) - Number(a.inTitle)
      || (a.page.updatedAt < b.page.updatedAt ? 1 : a.page.updatedAt > b.page.updatedAt ? -1 : 0)
      || a.order - b.order);
  const offset = paging.offset ?? 0;
  const end = paging.limit === undefined ? undefined : offset + paging.limit;
  return {
    total: matches.length,
    pages: matches.slice(offset, end).map(({ page, order }) => ({
      contentId: page.contentId, title: page.title, type: page.type, level: page.level, order, lang: page.lang, updatedAt: page.updatedAt,
    })),
  };
}

let baseCount = 0;
const CLOCK_START = Date.parse('2026-01-01T00:00:00.000Z');
export const at = (ms: number): string => new Date(CLOCK_START + ms).toISOString();

/**
 * A base of the test database and its live pages, written like the pages module writes them.
 * `nextPageId` lets a test place pages where it wants (across chunk boundaries, say).
 */
export class TestBase {
  readonly live: ModelPage[] = [];
  private contentCount = 0;
  private nextPosition = 0;
  /** Where this base's writes go, when not through the setup's connection: another one, as another process's. */
  writesThrough?: SearchWriter;

  constructor(
    private readonly setup: SearchSetup,
    readonly baseId: string,
    public nextPageId: number,
  ) {}

  static async create(setup: SearchSetup, firstPageId: number): Promise<TestBase> {
    const baseId = `base${String(++baseCount).padStart(4, '0')}${Math.random().toString(36).slice(2, 6)}`;
    await setup.db.write((tx) => tx.query(
      "INSERT INTO bases (base_id, description, view_mode, live_pages, outline_version, created_at) VALUES (?, '', 'O', 0, 0, ?)",
      [baseId, at(0)]));
    return new TestBase(setup, baseId, firstPageId);
  }

  async add(page: { title: string; body: string; type?: 'T' | 'H' | 'M'; lang?: 'ja' | 'en'; updatedAt: string }): Promise<ModelPage> {
    const pageId = this.nextPageId++;
    const contentId = (++this.contentCount).toString(36).padStart(6, '0');
    const model: ModelPage = {
      pageId, contentId, title: page.title, searchTitle: normalizeForSearch(page.title), searchBody: normalizeForSearch(page.body),
      type: page.type ?? 'T', lang: page.lang ?? 'en', level: 0, updatedAt: page.updatedAt, position: this.nextPosition++,
    };
    const { db, index, liveBlocks } = this.writer();
    // An outline write adding a live page, as the service's creates are.
    await db.writeOutline(this.baseId, 1, async (tx) => {
      await tx.query(
        `INSERT INTO pages (page_id, base_id, content_id, pos, level, status, title, type, lang, created_at, updated_at, change_no)
         VALUES (?, ?, ?, ?, 0, 'A', ?, ?, ?, ?, ?, ${CHANGE_NO})`,
        [pageId, this.baseId, contentId, model.position, model.title, model.type, model.lang, model.updatedAt, model.updatedAt, this.baseId]);
      await countPageChange(tx, this.baseId);
      await tx.query('INSERT INTO page_texts (page_id, body, body_html, search_title, search_body) VALUES (?, ?, NULL, ?, ?)',
        [pageId, page.body, model.searchTitle, model.searchBody]);
      await liveBlocks.setLive(tx, this.baseId, model.position, true);
      await index.pageCreated(tx, this.baseId, contentId);
    });
    await index.mergeWhenDue(db, this.baseId);
    this.live.push(model);
    return model;
  }

  async edit(page: ModelPage, changes: { title?: string; body?: string; level?: number }, updatedAt: string): Promise<void> {
    if (changes.title !== undefined) Object.assign(page, { title: changes.title, searchTitle: normalizeForSearch(changes.title) });
    if (changes.body !== undefined) page.searchBody = normalizeForSearch(changes.body);
    if (changes.level !== undefined) page.level = changes.level;
    page.updatedAt = updatedAt;
    const { db, index } = this.writer();
    const write = async (tx: EntityManager) => {
      await tx.query(`UPDATE pages SET title = ?, level = ?, updated_at = ?, change_no = ${CHANGE_NO} WHERE page_id = ?`,
        [page.title, page.level, updatedAt, this.baseId, page.pageId]);
      await countPageChange(tx, this.baseId);
      if (changes.title === undefined && changes.body === undefined) return;
      await index.pageTextsChanging(tx, { baseId: this.baseId, pageId: page.pageId });
      await tx.query('UPDATE page_texts SET search_title = ?, search_body = ? WHERE page_id = ?', [page.searchTitle, page.searchBody, page.pageId]);
    };
    await (changes.title !== undefined || changes.level !== undefined ? db.writeOutline(this.baseId, 0, write) : db.write(write));
    await index.mergeWhenDue(db, this.baseId);
  }

  async remove(page: ModelPage, deletedAt: string): Promise<void> {
    const order = this.live.indexOf(page);
    const { db, index, liveBlocks } = this.writer();
    await db.writeOutline(this.baseId, -1, async (tx) => {
      await tx.query(`UPDATE pages SET status = 'D', deleted_ord = ?, pos = NULL, updated_at = ?, deleted_at = ?, change_no = ${CHANGE_NO} WHERE page_id = ?`,
        [order, deletedAt, deletedAt, this.baseId, page.pageId]);
      await countPageChange(tx, this.baseId);
      await liveBlocks.setLive(tx, this.baseId, page.position, false);
      await index.pageDeleted(tx, { baseId: this.baseId, pageId: page.pageId });
    });
    await index.mergeWhenDue(db, this.baseId);
    this.live.splice(order, 1);
  }

  /** Folds the base's pending pages into its postings, through the connection its writes go through. */
  async merge(): Promise<void> {
    const { db, index } = this.writer();
    await db.write((tx) => index.merge(tx, this.baseId));
  }

  private writer(): SearchWriter {
    return this.writesThrough ?? this.setup;
  }

  search(q: string, paging: Paging = {}): Promise<{ pages: PageSummaryRow[]; total: number }> {
    return this.setup.service.search(this.setup.db.reader, this.baseId, q, paging);
  }

  /** Titles of the results, joined: for readable expectations. */
  async titles(q: string, paging: Paging = {}): Promise<string> {
    return (await this.search(q, paging)).pages.map((p) => p.title).join(' | ');
  }
}

/**
 * The postings of a base as searches read them: the pages of each key among those holding ALL_KEY
 * (a deleted page keeps its other keys), a line per key and chunk, word keys named by their word
 * (numbers differ between the two paths). Postings over word numbers are left out.
 */
export async function postingsOf(em: EntityManager, baseId: string): Promise<string[]> {
  const names = new Map<number, string>((await em.query('SELECT word_no, word FROM search_words WHERE base_id = ?', [baseId]))
    .map((row: { word_no: number; word: string }) => [Number(row.word_no), row.word]));
  const rows: { skey: number; chunk: number; bits: Buffer }[] = await em.query('SELECT skey, chunk, bits FROM search_postings WHERE base_id = ?', [baseId]);
  const indexed = new Map(rows.filter((row) => Number(row.skey) === ALL_KEY).map((row) => [Number(row.chunk), new Set(decodeChunk(row.bits))]));
  return rows.flatMap((row) => {
    const skey = Number(row.skey);
    const kind = Math.floor(skey / 2 ** 33);
    const field = Math.floor(skey / 2 ** 32) % 2;
    if (kind === 4) return []; // postings over word numbers
    const offsets = decodeChunk(row.bits).filter((offset) => indexed.get(Number(row.chunk))?.has(offset));
    if (offsets.length === 0) return [];
    const name = kind === 3 ? `word ${field} ${names.get(skey % 2 ** 32)}` : String(skey);
    return [`${name} @${row.chunk} ${offsets.join(',')}`];
  }).sort();
}

/** How many times the method was called while `run` ran. */
export async function callsDuring<T extends object>(object: T, method: jest.FunctionPropertyNames<Required<T>>, run: () => Promise<void>): Promise<number> {
  const calls = jest.spyOn(object, method);
  try {
    await run();
    return calls.mock.calls.length;
  } finally {
    calls.mockRestore();
  }
}
