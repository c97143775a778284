// What a page says after a redirect (post-redirect-get): `?done=<key>` names one of these, so a
// link can only show our own sentences.
import type { Messages } from './i18n/en';

const notices = {
  'signed-out': 'signedOut',
  'password-changed': 'passwordChanged',
  'language-saved': 'languageSaved',
  revoked: 'tokenRevoked',
  'grant-revoked': 'grantRevoked',
  'user-updated': 'userUpdated',
  'member-added': 'memberAdded',
  'member-role-changed': 'memberRoleChanged',
  'member-removed': 'memberRemoved',
  'settings-saved': 'settingsSaved',
  'page-created': 'pageCreated',
  'page-saved': 'pageSaved',
  'page-deleted': 'pageDeleted',
  'page-restored': 'pageRestored',
  'page-deleted-forever': 'pageDeletedForever',
} as const satisfies Record<string, keyof Messages>;

export type Notice = keyof typeof notices;

export function noticeOf(t: Messages, done: unknown): string | undefined {
  if (typeof done !== 'string' || !Object.hasOwn(notices, done)) return undefined;
  return t[notices[done as Notice]] as string;
}

export function withNotice(path: string, notice: Notice): string {
  return `${path}${path.includes('?') ? '&' : '?'}done=${notice}`;
}
