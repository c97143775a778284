// Sessions as the web pages see them: the cookie on one side, SessionsService on the other.
import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';
import { SESSION_ABSOLUTE_MS } from '../../identity/lifetimes';
import { SessionsService } from '../../identity/sessions.service';
import { chooseLanguage } from '../i18n/languages';
import type { PageContext } from '../views';
import { clearSessionCookie, readSessionCookie, setSessionCookie, type CookiePolicy } from './session-cookie';
import type { WebRequest, WebUser } from './web-request';

@Injectable()
export class WebSessions {
  readonly policy: CookiePolicy;

  constructor(
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = { secure: config.publicUrl?.startsWith('https:') ?? false, maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000 };
  }

  /** The signed-in user of the request's cookie, or null (no cookie, unknown, expired, disabled). */
  async read(request: WebRequest): Promise<WebUser | null> {
    const cookie = readSessionCookie(request, this.policy);
    if (!cookie) return null;
    const signedIn = await this.sessions.resolve(cookie);
    if (signedIn) request.sessionCookie = cookie;
    return signedIn;
  }

  /** A new session (a new id at every sign-in), its cookie set; the request's old one ended. */
  async start(request: Request, response: Response, userId: number): Promise<void> {
    const old = readSessionCookie(request, this.policy);
    if (old) await this.sessions.end(old);
    setSessionCookie(response, await this.sessions.start(userId), this.policy);
  }

  async end(request: Request, response: Response): Promise<void> {
    const cookie = readSessionCookie(request, this.policy);
    if (cookie) await this.sessions.end(cookie);
    clearSessionCookie(response, this.policy);
  }

  clear(response: Response): void {
    clearSessionCookie(response, this.policy);
  }
}

/** The language and user a page is rendered for. */
export function pageContext(request: WebRequest): PageContext {
  return { language: chooseLanguage(request.signedIn?.locale, request.headers['accept-language']), user: request.signedIn };
}
