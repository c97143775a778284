// What a visitor of the web UI may read of a knowledge base, by its visibility: the bases they may
// see, a base's tree, a page, a search. Built on the pages and search services, the same rules the
// REST API answers with; visibility itself is a pure rule (visibility.ts).
import { Injectable } from '@nestjs/common';
import { MembersService } from '../auth/members.service';
import { BasesService } from '../bases/bases.service';
import { UnitOfWork } from '../database/unit-of-work';
import { notFound, pageNotFound } from '../errors/domain-error';
import type { PossibleMoves } from '../outline/moves';
import { OutlineRowsQuery, type ReadingBaseState, type ReadingPageRow } from '../pages/outline-rows.query';
import { SearchService } from '../search/search.service';
import type { ContentType, Lang, Role, View } from '../vocabulary';
import { KeptOutlines } from './kept-outlines';
import { NO_MOVES, type LiveOutline } from './live-outline';
import { SignInToRead } from './sign-in-to-read';
import { effectiveView, mayRead, mayReadPage, visitorClassOf, type VisibleOutline, type VisitorClass } from './visibility';

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

/** What a request found out about the base and the visitor. */
interface Reader {
  state: ReadingBaseState;
  role: Role | null;
  visitor: VisitorClass;
  mayWrite: boolean;
}

/** The answer to what a visitor may not see: the sign-in page for an anonymous visitor (who cannot
 * tell it from what does not exist either), else the same 404 as for something unknown. */
function unseen(visitor: Visitor, what: 'base' | 'page'): Error {
  if (visitor === null) return new SignInToRead();
  return what === 'base' ? notFound('There is no such knowledge base.') : pageNotFound();
}

const mayWriteAs = (role: Role | null): boolean => role === 'writer' || role === 'owner';

/** The HTML shown for a page: Markdown's stored rendering, an HTML page's stored (sanitized) body, none for text. */
function htmlOf(page: ReadingPageRow): string | null {
  if (page.type === 'M') return page.bodyHtml;
  if (page.type === 'H') return page.body;
  return null;
}

function window<T>(all: ArrayLike<T>, paging: Paging): T[] {
  const from = Math.max(0, Math.floor(paging.offset));
  const to = Math.min(all.length, from + Math.max(0, Math.floor(paging.limit)));
  const out: T[] = [];
  for (let i = from; i < to; i++) out.push(all[i]);
  return out;
}

@Injectable()
export class ReadingService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly rows: OutlineRowsQuery,
    private readonly outlines: KeptOutlines,
    private readonly bases: BasesService,
    private readonly members: MembersService,
    private readonly searches: SearchService,
  ) {}

  /** The bases the visitor may see, by id. */
  async visibleBases(visitor: Visitor): Promise<VisibleBase[]> {
    const all = await this.bases.list();
    const roles = visitor === null ? all.map(() => null) : await Promise.all(all.map((base) => this.members.roleOf(base.baseId, visitor.userId)));
    return all.flatMap((base, i) => {
      const role = roles[i];
      if (!mayRead(base.view, visitorClassOf(visitor !== null, role))) return [];
      return [{ baseId: base.baseId, description: base.description, view: base.view, role }];
    });
  }

  /** The base as the visitor sees it. Not visible: SignInToRead for an anonymous visitor, else 404 (as for an unknown base). */
  async base(baseId: string, visitor: Visitor): Promise<BaseForVisitor> {
    const reader = await this.reader(baseId, visitor);
    const { visible } = await this.outlineFor(reader);
    return {
      baseId, description: reader.state.description, view: reader.state.view, role: reader.role,
      mayWrite: reader.mayWrite, isOwner: reader.role === 'owner', visiblePages: visible.size,
    };
  }

  /** A window of the visible children of `parent` (a content id), or of the roots when null. */
  async children(baseId: string, visitor: Visitor, parent: string | null, paging: Paging): Promise<TreeSlice> {
    const reader = await this.reader(baseId, visitor);
    const { outline, visible } = await this.outlineFor(reader);
    let slot = -1;
    if (parent !== null) {
      slot = visible.slotOf(outline.indexOf(parent));
      if (slot < 0) throw unseen(visitor, 'page');
    }
    const children = visible.children(slot);
    return { nodes: window(children, paging).map((child) => this.node(reader, outline, visible, child)), total: children.length };
  }

  /** A live page the visitor may read. Not readable: SignInToRead for an anonymous visitor, else 404. */
  async page(baseId: string, contentId: string, visitor: Visitor): Promise<PageForVisitor> {
    const [read, role] = await Promise.all([this.rows.page(this.db.preparedReader, baseId, contentId), this.roleOf(baseId, visitor)]);
    if (!read || read.state.baseId !== baseId) throw unseen(visitor, 'base');
    const reader = this.readerOf(read.state, visitor, role);
    const page = read.page;
    if (!page || !mayReadPage(page.view, read.state.view, reader.visitor)) throw unseen(visitor, 'page');
    const { outline, visible } = await this.outlineFor(reader);
    const index = outline.indexOf(contentId);
    // Read live with the state the outline is at or past: gone from it, it was deleted since.
    if (index < 0) throw unseen(visitor, 'page');
    // The page's visible ancestors: those of its real ancestors the visitor may see.
    const breadcrumbs = outline.ancestorsOf(index).filter((a) => visible.slotOf(a) >= 0)
      .map((a) => ({ contentId: outline.rows[a].contentId, title: outline.rows[a].title }));
    return {
      contentId: page.contentId, title: page.title, type: page.type, lang: page.lang, level: page.level, view: page.view,
      effectiveView: effectiveView(page.view, read.state.view), createdAt: page.createdAt, updatedAt: page.updatedAt,
      html: htmlOf(page), body: page.body, breadcrumbs, moves: reader.mayWrite ? outline.movesOf(index) : NO_MOVES,
    };
  }

  /** The search's hits the visitor may read, in the search's order; `total` counts those. */
  async search(baseId: string, visitor: Visitor, q: string, paging: Paging): Promise<{ hits: SearchHit[]; total: number }> {
    const reader = await this.reader(baseId, visitor);
    // The pages the visitor may not read are left out of the hits before they are ranked and counted.
    const except = reader.visitor === 'member' ? null : (await this.outlines.at(reader.state)).hiddenFor(reader.visitor, reader.state.view);
    const found = await this.searches.find(baseId, q, paging, reader.state.livePages, undefined, except ? { except } : {});
    return { hits: found.pages.map((page) => ({ contentId: page.contentId, title: page.title, updatedAt: page.updatedAt })), total: found.total };
  }

  /** The base's state and the visitor's role, read together; the base must be visible to the visitor. */
  private async reader(baseId: string, visitor: Visitor): Promise<Reader> {
    const [state, role] = await Promise.all([this.rows.baseState(this.db.preparedReader, baseId), this.roleOf(baseId, visitor)]);
    if (!state || state.baseId !== baseId) throw unseen(visitor, 'base');
    return this.readerOf(state, visitor, role);
  }

  private readerOf(state: ReadingBaseState, visitor: Visitor, role: Role | null): Reader {
    const visitorClass = visitorClassOf(visitor !== null, role);
    if (!mayRead(state.view, visitorClass)) throw unseen(visitor, 'base');
    return { state, role, visitor: visitorClass, mayWrite: mayWriteAs(role) };
  }

  private roleOf(baseId: string, visitor: Visitor): Promise<Role | null> {
    return visitor === null ? Promise.resolve(null) : this.members.roleOf(baseId, visitor.userId);
  }

  private async outlineFor(reader: Reader): Promise<{ outline: LiveOutline; visible: VisibleOutline }> {
    const outline = await this.outlines.at(reader.state);
    return { outline, visible: outline.visibleFor(reader.visitor, reader.state.view) };
  }

  private node(reader: Reader, outline: LiveOutline, visible: VisibleOutline, slot: number): TreeNode {
    const index = visible.indexes[slot];
    const row = outline.rows[index];
    return {
      contentId: row.contentId, title: row.title, depth: visible.depths[slot], hasChildren: visible.childCount(slot) > 0,
      moves: reader.mayWrite ? outline.movesOf(index) : NO_MOVES,
    };
  }
}
