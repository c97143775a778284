// What a visitor of the web UI may read of a knowledge base, by its visibility: the bases they may
// see, a base's tree, a page, a search. Built on the pages and search services, the same rules the
// REST API answers with; visibility itself is a pure rule (visibility.ts).
import { Injectable } from '@nestjs/common';
import type { PossibleMoves } from '../outline/moves';
import type { ContentType, Lang, Role, View } from '../vocabulary';

/** Who reads: a signed-in user, or null for an anonymous visitor. */
export type Visitor = { userId: number } | null;

export interface VisibleBase {
  baseId: string;
  description: string;
  view: View;
  /** The visitor's role in the base, or null when not a member. */
  role: Role | null;
}

export interface BaseForVisitor extends VisibleBase {
  /** Role writer or owner: may create, edit, move, delete and restore pages. */
  mayWrite: boolean;
  /** Role owner: members, settings, delete forever. */
  isOwner: boolean;
  /** Live pages the visitor may read. */
  visiblePages: number;
}

export interface TreeNode {
  contentId: string;
  title: string;
  /** Depth in the visitor's tree (0 for a root): a page under a hidden one hangs from its nearest visible ancestor. */
  depth: number;
  /** Whether it has children the visitor may see. */
  hasChildren: boolean;
  /** The moves it can make (all false unless the visitor may write). */
  moves: PossibleMoves;
}

export interface TreeSlice {
  nodes: TreeNode[];
  /** All the visible children of the parent (the roots when no parent), for paging. */
  total: number;
}

export interface Crumb {
  contentId: string;
  title: string;
}

export interface PageForVisitor {
  contentId: string;
  title: string;
  type: ContentType;
  lang: Lang;
  level: number;
  /** The page's own visibility, or null when it inherits the base's. */
  view: View | null;
  /** What decides who reads it: its own view, else the base's. */
  effectiveView: View;
  createdAt: string;
  updatedAt: string;
  /** M and H pages: the stored, sanitized HTML. T pages: null (show `body` as text). */
  html: string | null;
  /** The body as written (the editor's source). */
  body: string;
  /** The page's visible ancestors, root first (not the page itself). */
  breadcrumbs: Crumb[];
  moves: PossibleMoves;
}

export interface SearchHit {
  contentId: string;
  title: string;
  updatedAt: string;
}

export interface Paging {
  offset: number;
  limit: number;
}

@Injectable()
export class ReadingService {
  /** The bases the visitor may see, by id. */
  async visibleBases(visitor: Visitor): Promise<VisibleBase[]> {
    void visitor;
    throw new Error('not built yet');
  }

  /** The base as the visitor sees it. Not visible: SignInToRead for an anonymous visitor, else 404 (as for an unknown base). */
  async base(baseId: string, visitor: Visitor): Promise<BaseForVisitor> {
    void baseId, visitor;
    throw new Error('not built yet');
  }

  /** A window of the visible children of `parent` (a content id), or of the roots when null. */
  async children(baseId: string, visitor: Visitor, parent: string | null, paging: Paging): Promise<TreeSlice> {
    void baseId, visitor, parent, paging;
    throw new Error('not built yet');
  }

  /** A live page the visitor may read. Not readable: SignInToRead for an anonymous visitor, else 404. */
  async page(baseId: string, contentId: string, visitor: Visitor): Promise<PageForVisitor> {
    void baseId, contentId, visitor;
    throw new Error('not built yet');
  }

  /** The search's hits the visitor may read, in the search's order; `total` counts those. */
  async search(baseId: string, visitor: Visitor, q: string, paging: Paging): Promise<{ hits: SearchHit[]; total: number }> {
    void baseId, visitor, q, paging;
    throw new Error('not built yet');
  }
}
