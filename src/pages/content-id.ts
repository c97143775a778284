// Content ids: the short identifiers pages are addressed by, drawn for each new page.
import { randomString } from '../auth/tokens';

const LOWER_ALNUM = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A new page identifier: six lowercase letters and digits (unique per base: PagesService.create draws again when taken). */
export function newContentId(): string {
  return randomString(LOWER_ALNUM, 6);
}
