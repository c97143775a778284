// Finds the access of a bearer token (token, base, role) for the guard chain. Where the database
// offers a cheap change stamp (SQLite), answers are kept until anything commits, in this process
// or another, so a revoke or a role change is seen by the very next request.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import type { Access } from './access';
import { AccessRepository } from './access.repository';
import { bearerToken, hashToken } from './tokens';

/** Distinct tokens kept at once; all are dropped together when there are more. */
const KEPT_TOKENS = 1000;

@Injectable()
export class AccessService {
  private kept = new Map<string, Access | null>();
  private keptStamp: number | null = null;

  constructor(
    private readonly db: UnitOfWork,
    private readonly accessRepository: AccessRepository,
  ) {}

  /** Null when the header holds no well-formed token or the token is unknown. */
  async forAuthorizationHeader(header: string | undefined): Promise<Access | null> {
    const token = bearerToken(header);
    if (!token) return null;
    const tokenHash = hashToken(token);
    const stamp = this.db.changeStamp();
    if (stamp === null) return this.accessRepository.findByTokenHash(this.db.preparedReader, tokenHash);
    if (stamp !== this.keptStamp || this.kept.size >= KEPT_TOKENS) {
      this.kept = new Map();
      this.keptStamp = stamp;
    }
    if (this.kept.has(tokenHash)) return this.kept.get(tokenHash)!;
    const access = await this.accessRepository.findByTokenHash(this.db.preparedReader, tokenHash);
    // Kept only if nothing committed while it was read, so it is never older than the stamp it is kept under.
    if (this.db.changeStamp() === stamp) this.kept.set(tokenHash, access);
    return access;
  }
}
