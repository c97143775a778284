// The embedded SQLite implementation of the Store.
import type { Base, PageDetail, PageList, Paging, Role, User } from '../../domain/types.ts';
import type { BulkPage, DeriveChanges, NewPage, NewToken, Store, TokenAccess, TokenRecord, TreeRow } from '../store.ts';
import { SqliteConnection } from './connection.ts';
import { SqliteIdentity } from './identity.ts';
import { SqlitePages } from './pages.ts';
import { ReadCache } from './read-cache.ts';

export type { BulkPage } from '../store.ts';

export interface SqliteStoreOptions {
  /**
   * Pages whose text changed before the search index folds them in (default 128): more makes
   * writes cheaper on average and each search check more pages directly. Tests set it low.
   */
  searchMergeThreshold?: number;
}

/** How many answers of each kind are kept at most (a page detail is a few kilobytes). */
const KEPT_TOKENS = 1024;
const KEPT_PAGES = 512;
const KEPT_BASES = 256;

/** Freezes a plain value and the objects and arrays inside it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export class SqliteStore implements Store {
  private readonly sql: SqliteConnection;
  private readonly pages: SqlitePages;
  private readonly identity: SqliteIdentity;
  // Every API request reads its token's access, most read one page or the count; these answers
  // are kept until the next commit (read-cache.ts) and shared, so they are frozen.
  private readonly accessCache: ReadCache<Readonly<TokenAccess> | null>;
  private readonly pageCache: ReadCache<Readonly<PageDetail> | null>;
  private readonly countCache: ReadCache<number>;

  constructor(path: string, options: SqliteStoreOptions = {}) {
    this.sql = new SqliteConnection(path);
    this.pages = new SqlitePages(this.sql, options.searchMergeThreshold);
    this.identity = new SqliteIdentity(this.sql);
    this.accessCache = new ReadCache(this.sql, KEPT_TOKENS);
    this.pageCache = new ReadCache(this.sql, KEPT_PAGES);
    this.countCache = new ReadCache(this.sql, KEPT_BASES);
  }

  async migrate(): Promise<void> { this.sql.migrate(); }
  async close(): Promise<void> { this.sql.close(); }

  async findTokenByHash(tokenHash: string): Promise<TokenRecord | null> { return this.identity.findTokenByHash(tokenHash); }
  async findTokenAccess(tokenHash: string): Promise<TokenAccess | null> {
    return this.accessCache.get(tokenHash, () => deepFreeze(this.identity.findTokenAccess(tokenHash)));
  }
  async memberRole(baseId: string, userId: number): Promise<Role | null> { return this.identity.memberRole(baseId, userId); }
  async getBase(baseId: string): Promise<Base | null> { return this.identity.getBase(baseId); }

  async countPages(baseId: string): Promise<number> { return this.countCache.get(baseId, () => this.pages.count(baseId)); }
  async listPages(baseId: string, paging: Paging): Promise<PageList> { return this.pages.list(baseId, paging); }
  async getPage(baseId: string, contentId: string): Promise<PageDetail | null> {
    // A JSON array as the key: no base or content id can make two keys collide.
    return this.pageCache.get(JSON.stringify([baseId, contentId]), () => deepFreeze(this.pages.get(baseId, contentId)));
  }
  async searchPages(baseId: string, terms: readonly string[], paging: Paging): Promise<PageList> {
    return this.pages.search(baseId, terms, paging);
  }
  async treePages(baseId: string, levels: number): Promise<readonly TreeRow[]> { return this.pages.tree(baseId, levels); }

  async createPage(baseId: string, page: NewPage, newContentId: () => string): Promise<PageDetail> {
    return this.pages.create(baseId, page, newContentId);
  }
  async updatePage(baseId: string, contentId: string, derive: DeriveChanges, now: string): Promise<PageDetail | null> {
    return this.pages.update(baseId, contentId, derive, now);
  }
  async deletePage(baseId: string, contentId: string, now: string): Promise<boolean> {
    return this.pages.delete(baseId, contentId, now);
  }

  /**
   * Not part of the Store interface: appends many prepared pages (levels as given) in one
   * transaction and indexes them in one pass, far faster than createPage one by one. For seeding
   * benchmarks and tests. Returns the new content ids in order.
   */
  async bulkInsertPages(baseId: string, pages: Iterable<BulkPage>, newContentId: () => string): Promise<string[]> {
    return this.pages.bulkInsert(baseId, pages, newContentId);
  }

  async countBases(): Promise<number> { return this.identity.countBases(); }
  async createBase(base: Base, now: string): Promise<void> { this.identity.createBase(base, now); }
  async createUser(email: string, name: string, now: string): Promise<User> { return this.identity.createUser(email, name, now); }
  async findUserByEmail(email: string): Promise<User | null> { return this.identity.findUserByEmail(email); }
  async setMemberRole(baseId: string, userId: number, role: Role): Promise<void> { this.identity.setMemberRole(baseId, userId, role); }
  async createToken(token: NewToken): Promise<void> { this.identity.createToken(token); }
  async listTokens(baseId?: string): Promise<TokenRecord[]> { return this.identity.listTokens(baseId); }
  async revokeToken(tokenId: string, now: string): Promise<boolean> { return this.identity.revokeToken(tokenId, now); }
}
