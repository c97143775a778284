// Where a move sends the browser back to: a path of this site the form named (the page the tree
// was on), never another site's address, and the moved page's anchor so it stays in view.
import { localPath } from '../sign-in/sign-in-paths';

/** `next` when it is a path of this site (sign-in's rule) with no backslash or space, else undefined; its own fragment dropped. */
export function sameSitePath(next: string): string | undefined {
  const path = localPath(next);
  return path === undefined || /[\\\s]/.test(path) ? undefined : path.split('#')[0];
}

/** The anchor of a page's node in the tree. */
export function nodeAnchor(contentId: string): string {
  return `p-${contentId}`;
}

export function backAfterMove(next: string, baseHome: string, contentId: string): string {
  return `${sameSitePath(next) ?? baseHome}#${nodeAnchor(contentId)}`;
}
