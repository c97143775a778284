// Step 1 (401): a well-formed bearer token that is known, not revoked and not expired.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AccessService } from '../../auth/access.service';
import { unauthorized } from '../../errors/domain-error';
import { ConfirmsKeptAccess } from '../decorators/protection';

@Injectable()
export class TokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly accessService: AccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const confirmable = !request.authorizeAfresh && this.reflector.get(ConfirmsKeptAccess, context.getHandler()) === true;
    const access = await this.accessService.forAuthorizationHeader(request.headers.authorization, confirmable);
    if (!access) throw unauthorized('Send a valid access token as "Authorization: Bearer kbp_…".');
    if (access.revokedAt !== null) throw unauthorized('The access token is unknown or has been revoked.');
    if (Date.parse(access.expiresAt) <= Date.now()) throw unauthorized('The access token has expired; create a new one.');
    request.access = access;
    return true;
  }
}
