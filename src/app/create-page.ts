// Create a page: its content prepared for storage, appended at the end of the base at level 0.
import { newContentId } from '../auth/tokens.ts';
import type { ContentType, Lang, PageDetail } from '../domain/types.ts';
import { prepareContent, prepareTitle } from '../content/prepare.ts';
import type { Store } from '../store/store.ts';

export interface NewPageInput {
  title: string;
  body: string;
  type: ContentType;
  lang: Lang;
}

export function createPage(store: Store, baseId: string, input: NewPageInput): Promise<PageDetail> {
  const content = prepareContent(input.type, input.body);
  return store.createPage(
    baseId,
    {
      ...content,
      title: input.title,
      searchTitle: prepareTitle(input.title),
      type: input.type,
      lang: input.lang,
      now: new Date().toISOString(),
    },
    newContentId,
  );
}
