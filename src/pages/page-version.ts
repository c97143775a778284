// The version of a page an editor edits: a stamp of what the editor shows (title, format, language)
// and the body's revision, which every body change moves. A save that names the version it was
// made from is refused (PageChangedMeanwhile) when the page is no longer at it, so an edit made
// over someone else's never silently replaces theirs. The REST API names none: last write wins.
import { createHash } from 'node:crypto';
import type { PageRow } from './page.rows';

export type VersionedFields = Pick<PageRow, 'title' | 'type' | 'lang' | 'bodyRevision'>;

/** A short opaque text that changes whenever title, format, language or body changes. */
export function pageVersion(page: VersionedFields): string {
  return createHash('sha256')
    .update(JSON.stringify([page.title, page.type, page.lang, page.bodyRevision]))
    .digest('base64url')
    .slice(0, 22);
}

/** What an update may require of the page it changes, checked under the base's lock after reading it. */
export interface UpdatePrecondition {
  /** The pageVersion the change was made from. */
  version: string;
}

/** The page changed since the version the update was made from; `current` is what it holds now. */
export class PageChangedMeanwhile extends Error {
  constructor(readonly current: PageRow) {
    super('The page was changed since the version this change was made from.');
  }
}
