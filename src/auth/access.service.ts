// Finds the access of a bearer token (token, base, role) for the guard chain, keeping answers so
// that a revoke or a role change made anywhere is still seen by the very next request:
// - SQLite offers a cheap change stamp: answers are kept until anything commits, in this process
//   or another.
// - MySQL/MariaDB offers none: on a route whose answering read confirms it (@ConfirmsKeptAccess),
//   a granted access is answered from memory marked unconfirmed; that read checks in the same
//   statement that it still holds, else the request is authorized again with a fresh read, as it
//   is when no read confirmed it (kept-access-retry.ts).
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import type { Stamped } from '../cache/stamped';
import { UnitOfWork } from '../database/unit-of-work';
import type { Access, AccessCheck, KeptAccess } from './access';
import { AccessRepository } from './access.repository';
import { bearerToken, hashToken } from './tokens';

/** Distinct tokens kept at once; past it tokens picked at random go. */
const KEPT_TOKENS = 1000;

/** SQLite: the change stamp an answer was read at (null on MySQL/MariaDB, where the answering read confirms it). */
type KeptAnswer = Stamped<Access | null, number | null>;

@Injectable()
export class AccessService {
  private readonly kept = new BoundedCache<string, KeptAnswer>({ name: 'token answers', bound: KEPT_TOKENS });

  constructor(
    private readonly db: UnitOfWork,
    private readonly accessRepository: AccessRepository,
  ) {}

  /**
   * Null when the header holds no well-formed token or the token is unknown. `confirmable`: the
   * route's answering read confirms an unconfirmed access (MySQL/MariaDB only uses it).
   */
  async forAuthorizationHeader(header: string | undefined, confirmable = false): Promise<Access | null> {
    const token = bearerToken(header);
    if (!token) return null;
    const tokenHash = hashToken(token);
    const stamp = this.db.changeStamp();
    if (stamp === null) return this.withoutStamp(tokenHash, confirmable);
    const kept = this.kept.get(tokenHash);
    if (kept?.stamp === stamp) return kept.value;
    const access = await this.accessRepository.findByTokenHash(this.db.preparedReader, tokenHash);
    // Kept only if nothing committed while it was read, so it is never older than the stamp it is
    // kept under; it answers only at that stamp, so what it answers carries the stamp of now.
    if (this.db.changeStamp() !== stamp) return access;
    const atStamp = access && { ...access, stamp };
    this.kept.set(tokenHash, { stamp, value: atStamp });
    return atStamp;
  }

  /** The column that confirms a kept access, for the statement that answers the request. */
  confirmationCheck(kept: KeptAccess): AccessCheck {
    return this.accessRepository.holdsCheck(kept);
  }

  /** Only granted accesses that have not expired are kept: a refusal is always read afresh. */
  private async withoutStamp(tokenHash: string, confirmable: boolean): Promise<Access | null> {
    const kept = confirmable ? this.kept.get(tokenHash)?.value : undefined;
    if (kept && kept.role !== null && Date.parse(kept.expiresAt) > Date.now()) {
      return { ...kept, unconfirmed: { tokenHash, expiresAt: kept.expiresAt, scope: kept.scope, role: kept.role } };
    }
    const access = await this.accessRepository.findByTokenHash(this.db.preparedReader, tokenHash);
    if (access && access.revokedAt === null && access.role === 'owner' && access.base) {
      this.kept.set(tokenHash, { stamp: null, value: access });
    } else {
      this.kept.delete(tokenHash);
    }
    return access;
  }
}
