// The vocabulary of kb-pages, shared by every layer.
export type ContentType = 'T' | 'H' | 'M';
export type Lang = 'ja' | 'en';
export type View = 'O' | 'L' | 'I';
export type Role = 'owner' | 'writer' | 'reader';
export type Scope = 'read' | 'write';

export const contentTypes: readonly ContentType[] = ['T', 'H', 'M'];
export const langs: readonly Lang[] = ['ja', 'en'];
export const views: readonly View[] = ['O', 'L', 'I'];
export const roles: readonly Role[] = ['owner', 'writer', 'reader'];
export const scopes: readonly Scope[] = ['read', 'write'];

export const MAX_LEVEL = 100;
export const MAX_TITLE_LENGTH = 255;
/** The tree endpoint nests levels 0, 1 and 2. */
export const TREE_LEVELS = 3;

export interface Base {
  baseId: string;
  description: string;
  view: View;
}

export interface User {
  userId: number;
  email: string;
  name: string;
}

/** A live page as stored. `seq` is its position key: pages of a base sort by it. */
export interface Page {
  baseId: string;
  contentId: string;
  seq: number;
  level: number;
  title: string;
  body: string;
  type: ContentType;
  lang: Lang;
  view: View | null;
  createdAt: string;
  updatedAt: string;
}

/** A page with the titles of its ancestors, root first, its own title last. */
export interface PageDetail extends Page {
  path: string[];
}

/** A page in a list or search result, with its dense display position. */
export interface PageSummary {
  contentId: string;
  title: string;
  type: ContentType;
  level: number;
  order: number;
  lang: Lang;
  updatedAt: string;
}

export interface TreeNode {
  contentId: string;
  title: string;
  level: number;
  children: TreeNode[];
}

export interface Paging {
  limit?: number;
  offset?: number;
}

export interface PageList {
  pages: PageSummary[];
  total: number;
}
