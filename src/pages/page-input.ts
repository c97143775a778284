// What a create or an update request asks of the pages service: the request's field names
// (content_type, content_lang) to the service's, and the defaults of an omitted field. Shared by
// every interface that takes these requests (REST, MCP), so they cannot differ.
import type { CreatePageDto } from './dto/create-page.dto';
import type { UpdatePageDto } from './dto/update-page.dto';
import type { NewPageInput, PageChangesInput } from './pages.service';

export function newPageInputOf(body: CreatePageDto): NewPageInput {
  return { title: body.title, body: body.body ?? '', type: body.content_type ?? 'M', lang: body.content_lang ?? 'ja' };
}

/** Only the sent fields: an omitted one is left out, an explicit null (view) kept. */
export function pageChangesOf(body: UpdatePageDto): PageChangesInput {
  const { content_type, content_lang, title, body: text, view, level } = body;
  const changes: PageChangesInput = { title, body: text, type: content_type, lang: content_lang, view, level };
  for (const key of Object.keys(changes) as (keyof PageChangesInput)[]) if (changes[key] === undefined) delete changes[key];
  return changes;
}
