// The embedded SQLite implementation of the Store.
import type { Base, PageDetail, PageList, Paging, Role, User } from '../../domain/types.ts';
import type { DeriveChanges, NewPage, NewToken, Store, TokenRecord, TreeRow } from '../store.ts';
import { SqliteConnection } from './connection.ts';
import { SqliteIdentity } from './identity.ts';
import { type BulkPage, SqlitePages } from './pages.ts';

export type { BulkPage } from './pages.ts';

export interface SqliteStoreOptions {
  /**
   * Pages whose text changed before the search index folds them in (default 128): more makes
   * writes cheaper on average and each search check more pages directly. Tests set it low.
   */
  searchMergeThreshold?: number;
}

export class SqliteStore implements Store {
  private readonly sql: SqliteConnection;
  private readonly pages: SqlitePages;
  private readonly identity: SqliteIdentity;

  constructor(path: string, options: SqliteStoreOptions = {}) {
    this.sql = new SqliteConnection(path);
    this.pages = new SqlitePages(this.sql, options.searchMergeThreshold);
    this.identity = new SqliteIdentity(this.sql);
  }

  async migrate(): Promise<void> { this.sql.migrate(); }
  async close(): Promise<void> { this.sql.close(); }

  async findTokenByHash(tokenHash: string): Promise<TokenRecord | null> { return this.identity.findTokenByHash(tokenHash); }
  async memberRole(baseId: string, userId: number): Promise<Role | null> { return this.identity.memberRole(baseId, userId); }
  async getBase(baseId: string): Promise<Base | null> { return this.identity.getBase(baseId); }

  async countPages(baseId: string): Promise<number> { return this.pages.count(baseId); }
  async listPages(baseId: string, paging: Paging): Promise<PageList> { return this.pages.list(baseId, paging); }
  async getPage(baseId: string, contentId: string): Promise<PageDetail | null> { return this.pages.get(baseId, contentId); }
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
