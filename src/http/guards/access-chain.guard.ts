// The one global guard: default deny. Runs the steps in the order of checks (token 401, base
// binding 403, base exists 404, owner 403, scope 403); @Public() is the only way around it.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Public } from '../decorators/protection';
import { BaseBindingGuard } from './base-binding.guard';
import { BaseExistsGuard } from './base-exists.guard';
import { OwnerGuard } from './owner.guard';
import { ScopeGuard } from './scope.guard';
import { TokenGuard } from './token.guard';

@Injectable()
export class AccessChainGuard implements CanActivate {
  private readonly steps: CanActivate[];

  constructor(
    private readonly reflector: Reflector,
    token: TokenGuard,
    binding: BaseBindingGuard,
    exists: BaseExistsGuard,
    owner: OwnerGuard,
    scope: ScopeGuard,
  ) {
    this.steps = [token, binding, exists, owner, scope];
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride(Public, [context.getHandler(), context.getClass()])) return true;
    for (const step of this.steps) await step.canActivate(context);
    return true;
  }
}

export const accessGuardSteps = [TokenGuard, BaseBindingGuard, BaseExistsGuard, OwnerGuard, ScopeGuard];
