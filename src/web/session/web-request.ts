// What the web layer hangs on a request: the signed-in user (SignedInGuard) and the page's language.
import type { Request } from 'express';
import type { Language } from '../i18n/languages';

export interface WebUser {
  userId: number;
  email: string;
  name: string;
  isAdmin: boolean;
  locale: Language | null;
}

export interface WebRequest extends Request {
  signedIn?: WebUser;
  /** The session cookie's value, for the actions that end other sessions but this one. */
  sessionCookie?: string;
}
