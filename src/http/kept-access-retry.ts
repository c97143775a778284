// A request authorized on an access kept in memory (MySQL/MariaDB, AccessService) is authorized
// again, afresh, when the read that answers it finds that the access no longer holds
// (KeptAccessChanged): @AnswerWithAccess() gives the handler what runs its answer, once more after
// that. Any other failure of such a request (a bad parameter, say) is authorized afresh too before
// its error goes out (EnvelopeFilter): a token revoked meanwhile answers as a fresh read would,
// first failure wins (decisions, "Order of checks"). The second authorization reads the access: it
// needs no confirmation and cannot loop. Not a Nest interceptor: one costs every request it wraps
// its Observables (measured on MariaDB at 100,000 pages: 8-10 % of a detail's or a search's CPU).
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { KeptAccessChanged } from '../auth/access';
import type { GrantedAccess } from './decorators/current-access';
import { requestOf } from './request-of';

/** Runs a handler's answer with the request's access, and again on a fresh one should the kept access fail. */
export type AnswerWithAccess = <T>(answer: (access: GrantedAccess) => Promise<T>) => Promise<T>;

/** The decorator's factory: a route that confirms a kept access takes it (test/unit/guards). */
export function answerWithAccessOf(_data: unknown, context: ExecutionContext): AnswerWithAccess {
  const request = requestOf(context);
  return (answer) => answerWithAccess(request, answer);
}

export const AnswerWithAccess = createParamDecorator(answerWithAccessOf);

async function answerWithAccess<T>(request: Request, answer: (access: GrantedAccess) => Promise<T>): Promise<T> {
  try {
    return await answer(request.access as GrantedAccess);
  } catch (error) {
    const again = error instanceof KeptAccessChanged ? takeAuthorizeAgain(request) : undefined;
    if (!again) throw error;
    await again();
    return answer(request.access as GrantedAccess);
  }
}

/** What authorizes the request afresh while it stands on an unconfirmed kept access; taken once. */
export function takeAuthorizeAgain(request: Request): (() => Promise<unknown>) | undefined {
  const again = request.authorizeAgain;
  request.authorizeAgain = undefined;
  return again;
}
