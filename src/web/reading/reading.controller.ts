// The pages that read knowledge bases, for anyone the base's and each page's visibility let in:
// the bases a visitor may see (the front door), a base's home (its tree, 50 roots a page, each
// node loading its children on demand), the children of one page (a fragment for the tree
// island, a page of its own without JavaScript), a search, and a page. What is hidden from the
// visitor is decided by ReadingService alone; these pages only show what it answers.
import { Controller, Get, Param, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../http/decorators/protection';
import { ReadingService, type BaseForVisitor, type TreeSlice } from '../../reading/reading.service';
import { CrossSiteGuard } from '../cross-site.guard';
import { signInPath } from '../sign-in/sign-in-paths';
import type { WebRequest } from '../session/web-request';
import { pageContext } from '../session/web-sessions';
import { noticeOf } from '../notices';
import { Views } from '../views';
import { kbPaths } from '../kb/kb-paths';
import { contentIdParam, pageWindow, pagingLinks, sameBaseNext, withQuery, type PageWindow } from './reading-paths';
import { ReadingErrorFilter } from './reading-error.filter';
import { visitorOf, VisitorGuard } from './visitor.guard';

/** Longest search term taken from `?q=` (a title is at most 255 characters). */
const MAX_QUERY_LENGTH = 255;

/** What the tree's template needs beside the nodes: where the links and the move forms point. */
export interface TreeContext {
  baseId: string;
  mayWrite: boolean;
  /** The page the move forms come back to. */
  next: string;
  /** The no-JavaScript expand (or collapse) link of a node of the slice shown. */
  expandHref: (contentId: string) => string;
  /** The no-JavaScript expand link of a node nested under an open one: its own page of children. */
  childrenHref: (contentId: string) => string;
  pageHref: (contentId: string) => string;
  /** The node of the slice shown open, its children under it. */
  open?: string;
}

@ApiExcludeController()
@Public()
@UseFilters(ReadingErrorFilter)
@UseGuards(CrossSiteGuard, VisitorGuard)
@Controller()
export class ReadingController {
  constructor(
    private readonly reading: ReadingService,
    private readonly views: Views,
  ) {}

  /** The front door: the bases the visitor may see, signed in or not. */
  @Get()
  async bases(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const bases = await this.reading.visibleBases(visitorOf(request));
    this.views.render(response, 'bases', context, { title: t.basesTitle, section: 'bases' }, {
      bases, signInHref: this.signInHref(request),
    });
  }

  /** A base's home: its description, the search box, and its tree, 50 roots a page (`?page=`), one of them open (`?open=`). */
  @Get('kb/:baseId')
  async home(@Param('baseId') baseId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const visitor = visitorOf(request);
    const base = await this.reading.base(baseId, visitor);
    const window = pageWindow(request.query.page);
    const roots = await this.reading.children(baseId, visitor, null, window);
    const path = kbPaths.home(baseId);
    await this.showTree(request, response, 'base', base, roots, window, path, { title: baseId });
  }

  /**
   * The visible children of a page: with `HX-Request` (the tree island, or htmx) the fragment that
   * goes under the node; otherwise a page of its own, 50 a page, one of them open (`?open=`).
   */
  @Get('kb/:baseId/tree/:contentId')
  async tree(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const visitor = visitorOf(request);
    const base = await this.reading.base(baseId, visitor);
    const window = pageWindow(request.query.page);
    if (request.get('hx-request') === 'true') {
      const slice = await this.reading.children(baseId, visitor, contentId, window);
      const context = pageContext(request);
      // The template has no layout: the answer is the list that goes under the node.
      this.views.render(response, 'tree-fragment', context, { title: '' }, {
        slice, parent: contentId, offset: window.offset,
        tree: this.treeContext(base, sameBaseNext(baseId, request.query.next), (id) => kbPaths.tree(baseId, id)),
      });
      return;
    }
    // The parent's title and path come from reading it, so a hidden parent is refused here.
    const parent = await this.reading.page(baseId, contentId, visitor);
    const slice = await this.reading.children(baseId, visitor, contentId, window);
    const t = this.views.messages(pageContext(request));
    await this.showTree(request, response, 'tree', base, slice, window, kbPaths.tree(baseId, contentId), { title: t.treeTitle(parent.title), parent });
  }

  @Get('kb/:baseId/search')
  async search(@Param('baseId') baseId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const visitor = visitorOf(request);
    const base = await this.reading.base(baseId, visitor);
    const q = typeof request.query.q === 'string' ? request.query.q.trim().slice(0, MAX_QUERY_LENGTH) : '';
    const window = pageWindow(request.query.page);
    const result = q ? await this.reading.search(baseId, visitor, q, window) : { hits: [], total: 0 };
    const context = pageContext(request);
    const t = this.views.messages(context);
    const path = `${kbPaths.home(baseId)}/search`;
    this.views.render(response, 'search', context, { title: q ? t.searchTitle(q) : t.searchEmptyTitle, section: 'bases' }, {
      base, q, hits: result.hits, total: result.total, offset: window.offset,
      paging: pagingLinks(result.total, window.page, (page) => withQuery(path, { q, page })),
      signInHref: this.signInHref(request),
    });
  }

  @Get('kb/:baseId/pages/:contentId')
  async page(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const visitor = visitorOf(request);
    const base = await this.reading.base(baseId, visitor);
    const page = await this.reading.page(baseId, contentId, visitor);
    const window = pageWindow(request.query.page);
    const children = await this.reading.children(baseId, visitor, contentId, window);
    const context = pageContext(request);
    const path = kbPaths.page(baseId, contentId);
    this.views.render(response, 'page', context, {
      title: page.title, section: 'bases', notice: noticeOf(this.views.messages(context), request.query.done),
      islands: base.mayWrite ? ['tree', 'tree-keys'] : ['tree'],
    }, {
      // The heading is the page's title, in the page's language (its fonts, its voice).
      titleLang: page.lang, base, page, children, offset: window.offset,
      paging: pagingLinks(children.total, window.page, (n) => withQuery(path, { page: n })),
      tree: this.treeContext(base, request.originalUrl, (id) => kbPaths.tree(baseId, id)),
      signInHref: this.signInHref(request),
    });
  }

  private async showTree(
    request: WebRequest, response: Response, view: 'base' | 'tree', base: BaseForVisitor, slice: TreeSlice,
    window: PageWindow, path: string, data: { title: string; parent?: object },
  ): Promise<void> {
    const visitor = visitorOf(request);
    // One node of the window may be open without JavaScript: its first 50 children under it.
    const wanted = contentIdParam(request.query.open);
    const open = wanted && slice.nodes.some((node) => node.contentId === wanted && node.hasChildren) ? wanted : undefined;
    const openSlice = open ? await this.reading.children(base.baseId, visitor, open, { offset: 0, limit: window.limit }) : undefined;
    const context = pageContext(request);
    const page = window.page;
    this.views.render(response, view, context, { title: data.title, section: 'bases', notice: noticeOf(this.views.messages(context), request.query.done), islands: base.mayWrite ? ['tree', 'tree-keys'] : ['tree'] }, {
      base, slice, openSlice, open, offset: window.offset, parent: data.parent,
      paging: pagingLinks(slice.total, page, (n) => withQuery(path, { page: n })),
      tree: this.treeContext(base, request.originalUrl, (id) => `${withQuery(path, { page, open: id === open ? undefined : id })}#p-${id}`, open),
      signInHref: this.signInHref(request),
    });
  }

  private treeContext(base: BaseForVisitor, next: string, expandHref: (contentId: string) => string, open?: string): TreeContext {
    return { baseId: base.baseId, mayWrite: base.mayWrite, next, expandHref, childrenHref: (id) => kbPaths.tree(base.baseId, id), pageHref: (id) => kbPaths.page(base.baseId, id), open };
  }

  /** The header's sign-in link for an anonymous visitor, back to this page afterwards. */
  private signInHref(request: WebRequest): string | undefined {
    return request.signedIn ? undefined : signInPath(request.originalUrl);
  }
}
