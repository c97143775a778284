// The one global guard: default deny. Runs the steps in the order of checks (token 401, base
// binding 403, base exists 404, owner 403, scope 403); @Public() is the only way around it. A
// request granted on an unconfirmed kept access gets what authorizes it again (kept-access-retry.ts).
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { requestOf } from '../request-of';
import { BaseBindingGuard } from './base-binding.guard';
import { BaseExistsGuard } from './base-exists.guard';
import { OwnerGuard } from './owner.guard';
import { RouteProtections } from './route-protection';
import { ScopeGuard } from './scope.guard';
import { TokenGuard } from './token.guard';

@Injectable()
export class AccessChainGuard implements CanActivate {
  private readonly steps: CanActivate[];

  constructor(
    private readonly protections: RouteProtections,
    token: TokenGuard,
    binding: BaseBindingGuard,
    exists: BaseExistsGuard,
    owner: OwnerGuard,
    scope: ScopeGuard,
  ) {
    this.steps = [token, binding, exists, owner, scope];
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.protections.of(context).open) return true;
    for (const step of this.steps) {
      // Only the token step reads; a microtask for each of the others would be spent for nothing.
      const passed = step.canActivate(context);
      if (passed instanceof Promise) await passed;
    }
    const request = requestOf(context);
    if (request.access?.unconfirmed) request.authorizeAgain = () => this.authorizeAfresh(context);
    return true;
  }

  /** Authorizes the request again on a fresh read of its access (kept-access-retry.ts). */
  private authorizeAfresh(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    request.access = undefined;
    request.authorizeAfresh = true;
    return this.canActivate(context);
  }
}

export const accessGuardSteps = [TokenGuard, BaseBindingGuard, BaseExistsGuard, OwnerGuard, ScopeGuard];
