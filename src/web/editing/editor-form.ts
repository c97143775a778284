// The editor's form as plain functions: what was sent, what the REST API's rules say of it (the
// same DTO and its validators, so the two never drift), which tab the page shows, and what the
// preview looks like: the body prepared exactly as a save stores it.
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { PreparedContent } from '../../content/prepare';
import { CreatePageDto } from '../../pages/dto/create-page.dto';
import { sentBodyContent } from '../../pages/page-content';
import { MAX_TITLE_LENGTH, type ContentType, type Lang } from '../../vocabulary';
import type { Messages } from '../i18n/en';
import { field } from '../forms';

export interface EditorForm {
  title: string;
  body: string;
  type: string;
  lang: string;
  /** The version of the page the text was made from (edits only; pageVersion). */
  version: string;
}

/** What the editor's buttons ask for: the Write or Preview tab (re-rendered, nothing saved), or Save. */
export type EditorIntent = 'write' | 'preview' | 'save';

/** The form's fields; the body's line ends as typed (a browser sends a textarea's as CRLF). */
export function editorFormOf(body: unknown): EditorForm {
  return {
    title: field(body, 'title'), body: lineEnds(field(body, 'body')), type: field(body, 'type'), lang: field(body, 'lang'), version: field(body, 'version'),
  };
}

/** A textarea's text with its line ends as the browser showed them: LF (forms send CRLF). */
export function lineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function intentOf(body: unknown): EditorIntent {
  const tab = field(body, 'tab');
  return tab === 'write' || tab === 'preview' ? tab : 'save';
}

export interface ValidPage {
  title: string;
  body: string;
  type: ContentType;
  lang: Lang;
}

/** The page the form describes, or the reader's sentence for the first rule it breaks (CreatePageDto's rules). */
export function validPage(form: EditorForm, t: Messages): { page: ValidPage } | { problem: string; field: 'title' | 'options' } {
  const dto = plainToInstance(CreatePageDto, { title: form.title, body: form.body, content_type: form.type, content_lang: form.lang });
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  const title = errors.find((error) => error.property === 'title');
  if (title) return { problem: title.constraints?.maxLength ? t.titleTooLong(MAX_TITLE_LENGTH) : t.titleRequired, field: 'title' };
  if (errors.length > 0) return { problem: t.formatOrLanguageInvalid, field: 'options' };
  return { page: { title: form.title, body: form.body, type: form.type as ContentType, lang: form.lang as Lang } };
}

/** The HTML a page's body shows as (as the page view shows it): rendered Markdown, cleaned HTML, or text as text. */
export function bodyFragment(type: ContentType, content: Pick<PreparedContent, 'body' | 'html'>): string {
  switch (type) {
    case 'M':
      return content.html ?? '';
    case 'H':
      return content.body;
    case 'T':
      return `<pre class="page-text">${escapeHtml(content.body)}</pre>`;
  }
}

/** The sent body as a save would store and show it; a body the renderer refuses is the same 400 a save gets (DomainError). */
export function previewOf(type: ContentType, body: string): string {
  return bodyFragment(type, sentBodyContent(type, body));
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]);
}
