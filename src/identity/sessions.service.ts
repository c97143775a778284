// Sessions of signed-in browsers, in a table of their own so that any replica serves any request.
// The cookie holds 32 random bytes; only their SHA-256 is stored. A session ends when unused for
// SESSION_IDLE_MS, SESSION_ABSOLUTE_MS after sign-in, when its user is disabled, or on sign-out.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import type { Locale } from './accounts.service';
import { IdentityClock } from './clock';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './lifetimes';
import { hashSecret, isSecretShaped, newSecret } from './secrets';
import { SessionsRepository } from './sessions.repository';

export interface SignedIn {
  userId: number;
  email: string;
  name: string;
  isAdmin: boolean;
  locale: Locale | null;
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly sessions: SessionsRepository,
    private readonly clock: IdentityClock,
  ) {}

  /** A new session for the user (at every sign-in): the cookie's value. The user's sessions that are over go. */
  async start(userId: number): Promise<string> {
    const cookieValue = newSecret();
    const now = this.clock.now().getTime();
    const at = new Date(now).toISOString();
    await this.db.write(async (tx) => {
      await this.sessions.deleteOver(tx, userId, at, new Date(now - SESSION_IDLE_MS).toISOString());
      await this.sessions.insert(tx, {
        sessionHash: hashSecret(cookieValue), userId, createdAt: at, lastSeenAt: at,
        expiresAt: new Date(now + SESSION_ABSOLUTE_MS).toISOString(),
      });
    });
    return cookieValue;
  }

  /** Who the cookie signs in: null when it is unknown, over (idle or absolute) or its user disabled. */
  async resolve(cookieValue: string | undefined): Promise<SignedIn | null> {
    if (!isSecretShaped(cookieValue)) return null;
    const sessionHash = hashSecret(cookieValue);
    const session = await this.sessions.findByHash(this.db.reader, sessionHash);
    if (!session || session.disabledAt !== null) return null;
    const now = this.clock.now().getTime();
    const lastSeen = Date.parse(session.lastSeenAt);
    if (now >= Date.parse(session.expiresAt) || now >= lastSeen + SESSION_IDLE_MS) return null;
    // Idle expiry counts from last_seen_at, moved only every few minutes: a page view is not a write.
    if (now >= lastSeen + SESSION_TOUCH_MS) {
      await this.db.write((tx) => this.sessions.touch(tx, sessionHash, new Date(now).toISOString()));
    }
    const locale = session.locale === 'en' || session.locale === 'ja' ? session.locale : null;
    return { userId: session.userId, email: session.email, name: session.name, isAdmin: session.isAdmin, locale };
  }

  /** Sign-out: the cookie's session ends (nothing happens for an unknown one). */
  async end(cookieValue: string | undefined): Promise<void> {
    if (!isSecretShaped(cookieValue)) return;
    await this.db.write((tx) => this.sessions.delete(tx, hashSecret(cookieValue)));
  }

  /** "Sign out everywhere": every session of the user. */
  async endAll(userId: number): Promise<void> {
    await this.db.write((tx) => this.sessions.deleteOfUser(tx, userId));
  }

  /** Every session of the user but the cookie's own. */
  async endOthers(userId: number, keepCookieValue: string): Promise<void> {
    await this.db.write((tx) => this.sessions.deleteOfUser(tx, userId, hashSecret(keepCookieValue)));
  }
}
