// Step 5 (403): a route declared @RequireScope('write') needs a token with the write scope.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { requestOf } from '../request-of';
import { scopeAllows } from './access-rules';
import { RouteProtections } from './route-protection';

@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly protections: RouteProtections) {}

  canActivate(context: ExecutionContext): boolean {
    scopeAllows(requestOf(context).access, this.protections.of(context).scope);
    return true;
  }
}
