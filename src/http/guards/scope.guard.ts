// Step 5 (403): a route declared @RequireScope('write') needs a token with the write scope.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { forbidden } from '../../errors/domain-error';
import { RequireScope } from '../decorators/protection';

@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const needed = this.reflector.getAllAndOverride(RequireScope, [context.getHandler(), context.getClass()]) ?? 'read';
    const scope = context.switchToHttp().getRequest<Request>().access?.scope;
    if (needed === 'write' && scope !== 'write') {
      throw forbidden('This token has the read scope; creating, changing or deleting pages needs a token with the write scope.');
    }
    return true;
  }
}
