// The writing pages of a base (writers and owners): a new page, the editor of a page with its
// Write and Preview tabs, the preview's own answer for the editor island, and deleting a page
// after a confirmation. The rules are PagesService's, as the REST API's; what the user typed is
// never lost: a refused save shows the editor again with it, and a save over someone else's
// shows both texts (PageChangedMeanwhile).
import { Controller, Get, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '../../errors/domain-error';
import { Public } from '../../http/decorators/protection';
import { PageChangedMeanwhile, pageVersion } from '../../pages/page-version';
import type { PageRow } from '../../pages/page.rows';
import { PagesService } from '../../pages/pages.service';
import { contentTypes, langs, type ContentType } from '../../vocabulary';
import { CrossSiteGuard } from '../cross-site.guard';
import { field } from '../forms';
import { BaseRoleGuard, NeedsBaseRole, type BaseRequest } from '../kb/base-role.guard';
import { withNotice } from '../notices';
import { SignedInGuard } from '../session/signed-in.guard';
import { pageContext } from '../session/web-sessions';
import { Views } from '../views';
import { WebErrorFilter } from '../web-error.filter';
import { editorFormOf, escapeHtml, intentOf, lineEnds, previewOf, validPage, type EditorForm } from './editor-form';
import { kbPaths } from '../kb/kb-paths';

/** The formats in the order the editor offers them: the default first. */
const editorFormats: ContentType[] = ['M', 'H', 'T'];

/** What the editor page shows besides the form. */
interface EditorState {
  /** Where the form posts: the new page's address, or the page's edit address. */
  action: string;
  /** Where Cancel goes. */
  back: string;
  tab: 'write' | 'preview';
  problem?: string;
  invalid?: 'title' | 'options';
  status?: number;
  /** The page as someone else saved it meanwhile. */
  theirs?: PageRow;
  /** The title of the page being edited (undefined: a new page). */
  editing?: string;
}

@ApiExcludeController()
@Public()
@UseFilters(WebErrorFilter)
@UseGuards(CrossSiteGuard, SignedInGuard, BaseRoleGuard)
@NeedsBaseRole('writer')
@Controller('kb/:baseId')
export class EditingController {
  constructor(
    private readonly pages: PagesService,
    private readonly views: Views,
  ) {}

  @Get('new')
  newPage(@Param('baseId') baseId: string, @Req() request: BaseRequest, @Res() response: Response): void {
    const lang = pageContext(request).language;
    this.editor(request, response, baseId, { title: '', body: '', type: 'M', lang, version: '' }, this.newState(baseId));
  }

  @Post('new')
  async create(@Param('baseId') baseId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const form = editorFormOf(request.body);
    const state = this.newState(baseId);
    if (intentOf(request.body) !== 'save') return this.editor(request, response, baseId, form, { ...state, tab: intentOf(request.body) as EditorState['tab'] });
    const checked = validPage(form, this.views.messages(pageContext(request)));
    if ('problem' in checked) return this.editor(request, response, baseId, form, { ...state, problem: checked.problem, invalid: checked.field, status: 400 });
    try {
      const page = await this.pages.create(baseId, checked.page);
      response.redirect(303, withNotice(kbPaths.page(baseId, page.contentId), 'page-created'));
    } catch (error) {
      if (!(error instanceof DomainError) || error.status !== 400) throw error;
      this.editor(request, response, baseId, form, { ...state, problem: error.message, status: 400 });
    }
  }

  @Get('pages/:contentId/edit')
  async edit(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const page = await this.pages.detail(baseId, contentId);
    const form: EditorForm = { title: page.title, body: page.body, type: page.type, lang: page.lang, version: pageVersion(page) };
    this.editor(request, response, baseId, form, this.editState(baseId, contentId, page.title));
  }

  @Post('pages/:contentId/edit')
  async save(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const form = editorFormOf(request.body);
    const t = this.views.messages(pageContext(request));
    // The heading names the page as it was when the editor opened; the form holds no other name for it.
    const state = this.editState(baseId, contentId, field(request.body, 'editing') || form.title);
    const intent = intentOf(request.body);
    if (intent !== 'save') return this.editor(request, response, baseId, form, { ...state, tab: intent });
    const checked = validPage(form, t);
    if ('problem' in checked) return this.editor(request, response, baseId, form, { ...state, problem: checked.problem, invalid: checked.field, status: 400 });
    try {
      await this.pages.update(baseId, contentId, checked.page, form.version ? { version: form.version } : undefined);
      response.redirect(303, withNotice(kbPaths.page(baseId, contentId), 'page-saved'));
    } catch (error) {
      if (error instanceof PageChangedMeanwhile) {
        // The next Save is made from their version: it replaces it knowingly.
        const fresh = { ...form, version: pageVersion(error.current) };
        return this.editor(request, response, baseId, fresh, { ...state, problem: t.conflictProblem, status: 409, theirs: error.current });
      }
      if (!(error instanceof DomainError)) throw error;
      if (error.status === 404) {
        // Deleted meanwhile: the text stays, and the form now makes a new page of it.
        return this.editor(request, response, baseId, { ...form, version: '' }, { ...this.newState(baseId), problem: t.pageGoneWhileEditing, status: 404 });
      }
      if (error.status !== 400) throw error;
      this.editor(request, response, baseId, form, { ...state, problem: error.message, status: 400 });
    }
  }

  /** The Preview tab's content for the editor island: the body as a save would store and show it. */
  @Post('preview')
  preview(@Req() request: BaseRequest, @Res() response: Response): void {
    const type = field(request.body, 'type');
    const reply = (status: number, html: string): void => {
      response.status(status).setHeader('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
    };
    if (!contentTypes.includes(type as ContentType)) return reply(400, '');
    try {
      reply(200, previewOf(type as ContentType, lineEnds(field(request.body, 'body'))));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      reply(error.status, `<p class="problem">${escapeHtml(error.message)}</p>`);
    }
  }

  @Get('pages/:contentId/delete')
  async confirmDelete(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    const context = pageContext(request);
    const t = this.views.messages(context);
    const page = await this.pages.detail(baseId, contentId);
    this.views.render(response, 'confirm', context, { title: t.deletePageTitle }, {
      question: t.deletePageQuestion(page.title),
      action: kbPaths.delete(baseId, contentId),
      confirm: t.deletePage,
      back: kbPaths.page(baseId, contentId),
    });
  }

  @Post('pages/:contentId/delete')
  async delete(@Param('baseId') baseId: string, @Param('contentId') contentId: string, @Req() request: BaseRequest, @Res() response: Response): Promise<void> {
    await this.pages.delete(baseId, contentId, request.signedIn!.userId);
    response.redirect(303, withNotice(kbPaths.home(baseId), 'page-deleted'));
  }

  private newState(baseId: string): EditorState {
    return { action: kbPaths.newPage(baseId), back: kbPaths.home(baseId), tab: 'write' };
  }

  private editState(baseId: string, contentId: string, title: string): EditorState {
    return { action: kbPaths.edit(baseId, contentId), back: kbPaths.page(baseId, contentId), tab: 'write', editing: title };
  }

  private editor(request: BaseRequest, response: Response, baseId: string, form: EditorForm, state: EditorState): void {
    const context = pageContext(request);
    const t = this.views.messages(context);
    let preview: string | undefined;
    let previewProblem: string | undefined;
    if (state.tab === 'preview') {
      try {
        preview = contentTypes.includes(form.type as ContentType) ? previewOf(form.type as ContentType, form.body) : '';
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        previewProblem = error.message;
      }
    }
    const title = state.editing === undefined ? t.newPage : t.editPageTitle(state.editing);
    this.views.render(response, 'editor', context, { title, problem: state.problem, status: state.status, islands: ['editor'] }, {
      form, tab: state.tab, action: state.action, back: state.back, invalid: state.invalid, editing: state.editing,
      previewAction: kbPaths.preview(baseId), preview, previewProblem, theirs: state.theirs,
      baseHome: kbPaths.home(baseId),
      formats: editorFormats.map((type) => ({ value: type, label: t[`format${type}`] })),
      languages: langs.map((lang) => ({ value: lang, label: lang === 'ja' ? t.pageLangJa : t.pageLangEn })),
    });
  }
}
