// What a route's protection decorators declare, read once per handler: the reflector walks the
// metadata of the handler and its class on every call, and three steps of the chain ask it.
import { Injectable, Logger, RequestMethod, type ExecutionContext } from '@nestjs/common';
import { METHOD_METADATA, RESPONSE_PASSTHROUGH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/internal';
import { Reflector } from '@nestjs/core';
import type { Scope } from '../../vocabulary';
import { ConfirmsKeptAccess, Public, RequireScope } from '../decorators/protection';
import { answerWithAccessOf } from '../kept-access-retry';

export interface RouteProtection {
  /** @Public(): no token needed. */
  open: boolean;
  /**
   * @ConfirmsKeptAccess() on a GET handler that answers through @AnswerWithAccess() and leaves
   * sending to Nest: only there is an answer on an unconfirmed kept access held back until it is
   * confirmed or the request authorized afresh (kept-access-retry.ts). Any other route reads its
   * token; a write always does, since holding back its answer would not undo what it committed.
   */
  confirmsKeptAccess: boolean;
  /** The token scope the route needs. */
  scope: Scope;
}

@Injectable()
export class RouteProtections {
  /** Per controller class, per handler: a handler may be inherited by classes declaring otherwise. */
  private readonly byClass = new WeakMap<Function, WeakMap<Function, RouteProtection>>();

  private readonly logger = new Logger(RouteProtections.name);

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
      confirmsKeptAccess: this.reflector.get(ConfirmsKeptAccess, handler) === true && this.holdsBackItsAnswer(handler, owner),
      scope: this.reflector.getAllAndOverride(RequireScope, [handler, owner]) ?? 'read',
    };
  }

  private holdsBackItsAnswer(handler: Function, owner: Function): boolean {
    if (!reads(handler)) {
      this.logger.warn(`${owner.name}.${handler.name} declares @ConfirmsKeptAccess() but is not a GET: a write reads its token on every request.`);
      return false;
    }
    if (answersWithAccess(handler, owner) && !sendsItself(handler, owner)) return true;
    this.logger.warn(`${owner.name}.${handler.name} declares @ConfirmsKeptAccess() but does not answer through @AnswerWithAccess() or sends its response itself: its token is read on every request.`);
    return false;
  }
}

type RouteArguments = Record<string, { factory?: unknown }>;

const routeArguments = (handler: Function, owner: Function): RouteArguments =>
  (Reflect.getMetadata(ROUTE_ARGS_METADATA, owner, handler.name) ?? {}) as RouteArguments;

/** A GET handler (which also answers HEAD): one that changes nothing. */
function reads(handler: Function): boolean {
  return Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.GET;
}

/** The handler takes @AnswerWithAccess(). */
function answersWithAccess(handler: Function, owner: Function): boolean {
  return Object.values(routeArguments(handler, owner)).some((argument) => argument.factory === answerWithAccessOf);
}

/** The handler takes @Res() or @Next() without passthrough: it may send before its answer is confirmed. */
function sendsItself(handler: Function, owner: Function): boolean {
  // Nest keys each argument "type:index"; a custom decorator's type is an id of its own.
  const types = Object.keys(routeArguments(handler, owner)).map((key) => key.split(':')[0]);
  const takesResponse = types.includes(String(RouteParamtypes.RESPONSE)) || types.includes(String(RouteParamtypes.NEXT));
  return takesResponse && Reflect.getMetadata(RESPONSE_PASSTHROUGH_METADATA, owner, handler.name) !== true;
}
