// Finds the access of a bearer token (token, base, role) for the guard chain.
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import type { Access } from './access';
import { AccessRepository } from './access.repository';
import { bearerToken, hashToken } from './tokens';

@Injectable()
export class AccessService {
  constructor(
    private readonly db: UnitOfWork,
    private readonly accessRepository: AccessRepository,
  ) {}

  /** Null when the header holds no well-formed token or the token is unknown. */
  async forAuthorizationHeader(header: string | undefined): Promise<Access | null> {
    const token = bearerToken(header);
    if (!token) return null;
    return this.accessRepository.findByTokenHash(this.db.reader, hashToken(token));
  }
}
