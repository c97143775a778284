// One-time links where a user sets a password: the demo owner on first run, a user who forgot
// theirs (kbp user sign-in-link), a user an administrator made. The secret goes in the URL
// (/setup/<secret>); only its SHA-256 is stored; a link works once, before it expires, for an
// enabled user. Redeeming sets the password and ends the user's sessions and other links.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { AccountsService } from './accounts.service';
import { IdentityClock } from './clock';
import { ONE_TIME_LINK_MS } from './lifetimes';
import { hashPassword, passwordProblem } from './passwords';
import { hashSecret, isSecretShaped, newSecret } from './secrets';
import { OneTimeLinksRepository } from './one-time-links.repository';
import { SessionsRepository } from './sessions.repository';

/** The page of a one-time link, under the service's public address (KB_PUBLIC_URL). */
export function setupUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/setup/${secret}`;
}

export interface LinkHolder {
  userId: number;
  email: string;
  name: string;
}

export type RedeemResult =
  | { outcome: 'done'; userId: number }
  | { outcome: 'invalid' }
  | { outcome: 'too-short' | 'too-long' };

@Injectable()
export class OneTimeLinksService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly links: OneTimeLinksRepository,
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsService,
    private readonly clock: IdentityClock,
  ) {}

  /** A new link for the user (who gets an account if need be): the secret for /setup/<secret>. The user's links that are over go. */
  async issue(userId: number, lifetimeMs = ONE_TIME_LINK_MS): Promise<string> {
    const secret = newSecret();
    const now = this.clock.now().getTime();
    const at = new Date(now).toISOString();
    await this.db.write(async (tx) => {
      await this.accounts.ensureIn(tx, userId);
      // Each link issued adds a row: the user's used and expired ones go with it, as sessions at sign-in.
      await this.links.deleteOver(tx, userId, at);
      await this.links.insert(tx, {
        linkHash: hashSecret(secret), userId, createdAt: at,
        expiresAt: new Date(now + lifetimeMs).toISOString(), usedAt: null,
      });
    });
    return secret;
  }

  /** Whose the link is, while it is valid (unused, unexpired, the user enabled); else null. */
  async peek(secret: string | undefined): Promise<LinkHolder | null> {
    if (!isSecretShaped(secret)) return null;
    const holder = await this.links.findValid(this.db.reader, hashSecret(secret), this.clock.now().toISOString());
    return holder && { userId: holder.userId, email: holder.email, name: holder.name };
  }

  /** In one transaction: the link used, the password set, the user's sessions and other links ended. */
  async redeem(secret: string | undefined, password: string): Promise<RedeemResult> {
    const problem = passwordProblem(password);
    if (problem) return { outcome: problem };
    if (!(await this.peek(secret))) return { outcome: 'invalid' };
    const passwordHash = await hashPassword(password);
    const linkHash = hashSecret(secret!);
    return this.db.write(async (tx): Promise<RedeemResult> => {
      const now = this.clock.now().toISOString();
      // Checked again in the write: another request may have used the link meanwhile.
      const holder = await this.links.findValid(tx, linkHash, now);
      const userId = holder && (await this.links.use(tx, linkHash, now));
      if (!userId) return { outcome: 'invalid' };
      await this.accounts.setPasswordIn(tx, userId, passwordHash);
      await this.links.useAllOfUser(tx, userId, now);
      await this.sessions.deleteOfUser(tx, userId);
      return { outcome: 'done', userId };
    });
  }
}
