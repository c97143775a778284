// Step 5 (403): a route declared @RequireScope('write') needs a token with the write scope.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { forbidden } from '../../errors/domain-error';
import { requestOf } from '../request-of';
import { RouteProtections } from './route-protection';

@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly protections: RouteProtections) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.protections.of(context).scope === 'write' && requestOf(context).access?.scope !== 'write') {
      throw forbidden('This token has the read scope; creating, changing or deleting pages needs a token with the write scope.');
    }
    return true;
  }
}
