// Sign-in that resists guessing. An unknown address, a user without a password or disabled, and a
// wrong password are all 'refused', after the same argon2 work (against a dummy hash when there is
// no hash). Failures are counted in the database per normalised address, whether or not a user has
// it, so the delay tells nothing about which addresses exist and holds across processes: after
// FREE_FAILURES failures the next attempt must wait 2^(n-5) s from the last (at most 900 s). The
// attempt is counted before the password is checked, in one transaction with the check of the
// delay, so attempts made at once by several processes cannot all slip in; a success clears it, and
// a day without failures forgets it (the row then deleted by a later failure of any address).
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { DomainError } from '../errors/domain-error';
import { normaliseEmail } from '../auth/users.service';
import { AccountsRepository } from './accounts.repository';
import { IdentityClock } from './clock';
import { dummyHash } from './dummy-hash';
import { delaySeconds, FAILURES_FORGOTTEN_MS } from './lifetimes';
import { verifyPassword } from './passwords';
import { SignInFailuresRepository } from './sign-in-failures.repository';

export type SignInResult =
  | { outcome: 'signed-in'; userId: number }
  | { outcome: 'refused' }
  | { outcome: 'wait'; retryAfterSeconds: number };

/** Rows of forgotten counts deleted per failure at most: a small write, and more than the one a failure adds. */
const FORGOTTEN_PER_FAILURE = 20;

@Injectable()
export class SignInService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly accounts: AccountsRepository,
    private readonly failures: SignInFailuresRepository,
    private readonly clock: IdentityClock,
  ) {}

  async signIn(email: string, password: string): Promise<SignInResult> {
    const emailKey = emailKeyOf(email);
    if (emailKey === null) {
      // No user can have such an address: nothing to count, but the same work before refusing.
      await verifyPassword(password, await dummyHash());
      return { outcome: 'refused' };
    }
    const wait = await this.countAttempt(emailKey);
    if (wait > 0) return { outcome: 'wait', retryAfterSeconds: wait };
    const account = await this.accounts.findByEmail(this.db.reader, emailKey);
    const right = await verifyPassword(password, account?.passwordHash ?? (await dummyHash()));
    if (!account?.passwordHash || !right || account.disabledAt !== null) return { outcome: 'refused' };
    await this.db.write((tx) => this.failures.clear(tx, emailKey));
    return { outcome: 'signed-in', userId: account.userId };
  }

  /**
   * Counts the attempt as a failure unless the address must wait: the seconds left to wait (the
   * attempt then not counted), else 0. A success clears the count afterwards.
   */
  private async countAttempt(emailKey: string): Promise<number> {
    const now = this.clock.now();
    const forgottenBefore = new Date(now.getTime() - FAILURES_FORGOTTEN_MS).toISOString();
    const wait = await this.db.write(async (tx) => {
      const count = await this.failures.lockCount(tx, emailKey);
      if (count && count.lastFailedAt < forgottenBefore) {
        await this.failures.clear(tx, emailKey);
      } else if (count) {
        const until = Date.parse(count.lastFailedAt) + delaySeconds(count.failures) * 1000;
        if (now.getTime() < until) return Math.ceil((until - now.getTime()) / 1000);
      }
      await this.failures.addFailure(tx, emailKey, now.toISOString());
      return 0;
    });
    // Its own write, holding no address's lock meanwhile: two of these at once wait, never deadlock.
    if (wait === 0) await this.db.write((tx) => this.failures.deleteForgotten(tx, forgottenBefore, FORGOTTEN_PER_FAILURE));
    return wait;
  }
}

/** The address as users are stored (lower case), or null when it cannot be anyone's. */
function emailKeyOf(email: string): string | null {
  try {
    return normaliseEmail(email);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
