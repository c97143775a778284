// The PostgreSQL implementation of the Store: any number of service processes may share one
// database, since every rule that spans requests is kept by the database's locks.
import { DomainError } from '../../domain/errors.ts';
import type { Base, PageDetail, PageList, Paging, Role, User } from '../../domain/types.ts';
import type { BulkPage, DeriveChanges, NewPage, NewToken, Store, TokenAccess, TokenRecord, TreeRow } from '../store.ts';
import { bulkInsertPages } from './bulk-insert.ts';
import { PostgresIdentity } from './identity.ts';
import { migrate } from './migrations.ts';
import { PostgresPageReads } from './page-reads.ts';
import { PostgresPageWrites } from './page-writes.ts';
import { PgDatabase, type PostgresOptions } from './pool.ts';

export type { BulkPage } from '../store.ts';

function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'the configured URL';
  }
}

export class PostgresStore implements Store {
  private readonly db: PgDatabase;
  private readonly reads: PostgresPageReads;
  private readonly writes: PostgresPageWrites;
  private readonly identity: PostgresIdentity;

  /** host:port/database, without user or password, for messages. */
  private readonly where: string;

  constructor(options: PostgresOptions) {
    this.db = new PgDatabase(options);
    this.where = where(options.url);
    this.reads = new PostgresPageReads(this.db);
    this.writes = new PostgresPageWrites(this.db);
    this.identity = new PostgresIdentity(this.db);
  }

  /** Migrates; a database that does not answer is reported with where and why, for the operator. */
  async migrate(): Promise<void> {
    try {
      await migrate(this.db);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE')) throw error;
      const reason = error.cause instanceof Error ? error.cause.message : error.message;
      throw new Error(`PostgreSQL at ${this.where} does not answer (${reason}); check the URL and that the server runs.`);
    }
  }
  close(): Promise<void> { return this.db.close(); }

  findTokenByHash(tokenHash: string): Promise<TokenRecord | null> { return this.identity.findTokenByHash(tokenHash); }
  findTokenAccess(tokenHash: string): Promise<TokenAccess | null> { return this.identity.findTokenAccess(tokenHash); }
  memberRole(baseId: string, userId: number): Promise<Role | null> { return this.identity.memberRole(baseId, userId); }
  getBase(baseId: string): Promise<Base | null> { return this.identity.getBase(baseId); }

  countPages(baseId: string): Promise<number> { return this.reads.count(baseId); }
  listPages(baseId: string, paging: Paging): Promise<PageList> { return this.reads.list(baseId, paging); }
  getPage(baseId: string, contentId: string): Promise<PageDetail | null> { return this.reads.get(baseId, contentId); }
  searchPages(baseId: string, terms: readonly string[], paging: Paging): Promise<PageList> {
    return this.reads.search(baseId, terms, paging);
  }
  treePages(baseId: string, levels: number): Promise<readonly TreeRow[]> { return this.reads.tree(baseId, levels); }

  createPage(baseId: string, page: NewPage, newContentId: () => string): Promise<PageDetail> {
    return this.writes.create(baseId, page, newContentId);
  }
  updatePage(baseId: string, contentId: string, derive: DeriveChanges, now: string): Promise<PageDetail | null> {
    return this.writes.update(baseId, contentId, derive, now);
  }
  deletePage(baseId: string, contentId: string, now: string): Promise<boolean> {
    return this.writes.delete(baseId, contentId, now);
  }

  /**
   * Not part of the Store interface: appends many prepared pages (levels as given) in one
   * transaction, a few statements per 500 pages, far faster than createPage one by one. For
   * seeding benchmarks and tests. Returns the new content ids in order.
   */
  bulkInsertPages(baseId: string, pages: Iterable<BulkPage>, newContentId: () => string): Promise<string[]> {
    return bulkInsertPages(this.db, baseId, pages, newContentId);
  }

  countBases(): Promise<number> { return this.identity.countBases(); }
  createBase(base: Base, now: string): Promise<void> { return this.identity.createBase(base, now); }
  createUser(email: string, name: string, now: string): Promise<User> { return this.identity.createUser(email, name, now); }
  findUserByEmail(email: string): Promise<User | null> { return this.identity.findUserByEmail(email); }
  setMemberRole(baseId: string, userId: number, role: Role): Promise<void> { return this.identity.setMemberRole(baseId, userId, role); }
  createToken(token: NewToken): Promise<void> { return this.identity.createToken(token); }
  listTokens(baseId?: string): Promise<TokenRecord[]> { return this.identity.listTokens(baseId); }
  revokeToken(tokenId: string, now: string): Promise<boolean> { return this.identity.revokeToken(tokenId, now); }
}
