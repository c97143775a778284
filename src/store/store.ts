// The one storage interface. Every method is one atomic unit of work; a method that changes
// the outline (create, level change, delete) serialises with the other outline writes of its base.
import type {
  Base, ContentType, Lang, Page, PageDetail, PageList, Paging, Role, Scope, User, View,
} from '../domain/types.ts';

export interface StoredContent {
  body: string;
  /** Rendered HTML of a Markdown body; null for other types. */
  html: string | null;
  /** Normalised text that search matches against. */
  searchBody: string;
}

export interface NewPage extends StoredContent {
  title: string;
  searchTitle: string;
  type: ContentType;
  lang: Lang;
  /** Creation time; also the first `updatedAt`. */
  now: string;
}

/** A page to append in bulk (seeding benchmarks and tests), at the level given (0 when absent). */
export interface BulkPage extends NewPage {
  level?: number;
}

/** The fields a partial update sets; absent fields keep their value. */
export interface PageChanges {
  title?: string;
  searchTitle?: string;
  body?: string;
  html?: string | null;
  searchBody?: string;
  type?: ContentType;
  lang?: Lang;
  view?: View | null;
  level?: number;
}

export interface StoredPage extends Page {
  html: string | null;
}

/**
 * Computes the changes of a partial update from the page as it is inside the update's
 * transaction, so that derived fields never mix two concurrent writes.
 */
export type DeriveChanges = (current: StoredPage) => PageChanges;

export interface TreeRow {
  contentId: string;
  title: string;
  level: number;
}

export interface TokenRecord {
  tokenId: string;
  baseId: string;
  userId: number;
  userEmail: string;
  scope: Scope;
  displayPrefix: string;
  lastFour: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** A token with what authorizing a request needs: its base (null when gone) and its user's role there. */
export interface TokenAccess {
  token: TokenRecord;
  base: Base | null;
  role: Role | null;
}

export interface NewToken {
  tokenId: string;
  baseId: string;
  userId: number;
  tokenHash: string;
  displayPrefix: string;
  lastFour: string;
  scope: Scope;
  createdAt: string;
  expiresAt: string;
}

export interface Store {
  /** Creates or upgrades the schema; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;

  // Identity and access
  findTokenByHash(tokenHash: string): Promise<TokenRecord | null>;
  /** The token, its base and its user's role there, in one read: every API request starts here. */
  findTokenAccess(tokenHash: string): Promise<TokenAccess | null>;
  memberRole(baseId: string, userId: number): Promise<Role | null>;
  getBase(baseId: string): Promise<Base | null>;

  // Reads of live pages
  countPages(baseId: string): Promise<number>;
  listPages(baseId: string, paging: Paging): Promise<PageList>;
  getPage(baseId: string, contentId: string): Promise<PageDetail | null>;
  /** Pages containing every term (already normalised) in title or body, in search rank order. */
  searchPages(baseId: string, terms: readonly string[], paging: Paging): Promise<PageList>;
  /** Live pages with a level below `levels`, in display order. */
  treePages(baseId: string, levels: number): Promise<readonly TreeRow[]>;

  // Writes of pages
  /** Appends a page at level 0; `newContentId` is asked again if an id is taken. */
  createPage(baseId: string, page: NewPage, newContentId: () => string): Promise<PageDetail>;
  /** Null when the page is not live in the base. */
  updatePage(baseId: string, contentId: string, derive: DeriveChanges, now: string): Promise<PageDetail | null>;
  /** Soft-deletes a live page, lifting its descendants one level; false when not live in the base. */
  deletePage(baseId: string, contentId: string, now: string): Promise<boolean>;

  // Administration (the kbp command line)
  /** How many knowledge bases exist; `kbp serve` offers a demo base only when there are none. */
  countBases(): Promise<number>;
  createBase(base: Base, now: string): Promise<void>;
  createUser(email: string, name: string, now: string): Promise<User>;
  findUserByEmail(email: string): Promise<User | null>;
  setMemberRole(baseId: string, userId: number, role: Role): Promise<void>;
  createToken(token: NewToken): Promise<void>;
  listTokens(baseId?: string): Promise<TokenRecord[]>;
  /** False when no such token exists. */
  revokeToken(tokenId: string, now: string): Promise<boolean>;
}

/** Thrown by createBase/createUser when the key is already taken. */
export class AlreadyExistsError extends Error {
  constructor(what: string) {
    super(`${what} already exists`);
    this.name = 'AlreadyExistsError';
  }
}
