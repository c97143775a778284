// What a route's protection decorators declare, read once per handler: the reflector walks the
// metadata of the handler and its class on every call, and three steps of the chain ask it.
import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Scope } from '../../vocabulary';
import { ConfirmsKeptAccess, Public, RequireScope } from '../decorators/protection';

export interface RouteProtection {
  /** @Public(): no token needed. */
  open: boolean;
  /** @ConfirmsKeptAccess(): the answering read confirms an access kept in memory. */
  confirmsKeptAccess: boolean;
  /** The token scope the route needs. */
  scope: Scope;
}

@Injectable()
export class RouteProtections {
  /** Per controller class, per handler: a handler may be inherited by classes declaring otherwise. */
  private readonly byClass = new WeakMap<Function, WeakMap<Function, RouteProtection>>();

  constructor(private readonly reflector: Reflector) {}

  of(context: ExecutionContext): RouteProtection {
    const handler = context.getHandler();
    const owner = context.getClass();
    let handlers = this.byClass.get(owner);
    if (!handlers) this.byClass.set(owner, (handlers = new WeakMap()));
    let protection = handlers.get(handler);
    if (!protection) handlers.set(handler, (protection = this.read(handler, owner)));
    return protection;
  }

  private read(handler: Function, owner: Function): RouteProtection {
    return {
      open: this.reflector.getAllAndOverride(Public, [handler, owner]) === true,
      confirmsKeptAccess: this.reflector.get(ConfirmsKeptAccess, handler) === true,
      scope: this.reflector.getAllAndOverride(RequireScope, [handler, owner]) ?? 'read',
    };
  }
}
