// The one global guard: default deny. Runs the steps in the order of checks (token 401, base
// binding 403, base exists 404, owner 403, scope 403); @Public() is the only way around it.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
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
    return true;
  }
}

export const accessGuardSteps = [TokenGuard, BaseBindingGuard, BaseExistsGuard, OwnerGuard, ScopeGuard];
