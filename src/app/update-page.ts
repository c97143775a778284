// Partial update of a page: only the sent fields change; derived content follows the page as
// it is inside the store's transaction.
import { badRequest, pageNotFound } from '../domain/errors.ts';
import type { ContentType, Lang, PageDetail, View } from '../domain/types.ts';
import { prepareContent, prepareTitle } from '../content/prepare.ts';
import type { PageChanges, Store, StoredPage } from '../store/store.ts';

export interface PageUpdateInput {
  title?: string;
  body?: string;
  type?: ContentType;
  lang?: Lang;
  view?: View | null;
  level?: number;
}

/** The stored changes of a partial update; content is re-derived when body or type is sent. */
export function pageChanges(current: StoredPage, input: PageUpdateInput): PageChanges {
  const changes: PageChanges = { ...input };
  if (input.title !== undefined) changes.searchTitle = prepareTitle(input.title);
  if (input.body !== undefined || input.type !== undefined) {
    Object.assign(changes, prepareContent(input.type ?? current.type, input.body ?? current.body));
  }
  return changes;
}

export async function updatePage(
  store: Store, baseId: string, contentId: string, input: PageUpdateInput,
): Promise<PageDetail> {
  if (Object.keys(input).length === 0) throw badRequest('Send at least one field to change.');
  const page = await store.updatePage(baseId, contentId, (current) => pageChanges(current, input), new Date().toISOString());
  if (!page) throw pageNotFound();
  return page;
}
