// A request authorized on an access kept in memory (MySQL/MariaDB, AccessService) is authorized
// again, afresh, when the read that answers it finds that the access no longer holds
// (KeptAccessChanged): @AnswerWithAccess() gives the handler what runs its answer, once more after
// that. Any other failure of such a request (a bad parameter, say) is authorized afresh too before
// its error goes out (EnvelopeFilter): a token revoked meanwhile answers as a fresh read would,
// first failure wins (decisions, "Order of checks"). The second authorization reads the access: it
// needs no confirmation and cannot loop. Not a Nest interceptor: one costs every request it wraps
// its Observables (measured on MariaDB at 100,000 pages: 8-10 % of a detail's or a search's CPU).
//
// Fail closed: an answer whose reads never confirmed the kept access (a route that forgot to pass
// access.unconfirmed into its read) is not sent on it. The request is authorized afresh first, so a
// revoked token still gets its 401; a route that forgets pays a second token read, and says so once.
import { createParamDecorator, Logger, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { KeptAccessChanged } from '../auth/access';
import type { GrantedAccess } from './decorators/current-access';
import { requestOf } from './request-of';

/** Runs a handler's answer with the request's access, and again on a fresh one should the kept access fail. */
export type AnswerWithAccess = <T>(answer: (access: GrantedAccess) => Promise<T>) => Promise<T>;

/** The decorator's factory: a route that confirms a kept access takes it (test/unit/guards). */
export function answerWithAccessOf(_data: unknown, context: ExecutionContext): AnswerWithAccess {
  const request = requestOf(context);
  return (answer) => answerWithAccess(request, answer, context);
}

export const AnswerWithAccess = createParamDecorator(answerWithAccessOf);

async function answerWithAccess<T>(request: Request, answer: (access: GrantedAccess) => Promise<T>, context: ExecutionContext): Promise<T> {
  let answered: T;
  try {
    answered = await answer(request.access as GrantedAccess);
  } catch (error) {
    const again = error instanceof KeptAccessChanged ? takeAuthorizeAgain(request) : undefined;
    if (!again) throw error;
    await again();
    return answer(request.access as GrantedAccess);
  }
  const kept = request.access?.unconfirmed;
  if (kept && !kept.confirmed) await authorizeUnconfirmed(request, context);
  return answered;
}

const logger = new Logger('AnswerWithAccess');
const warned = new WeakSet<Function>();

/**
 * Authorizes afresh a request whose answer stands on a kept access that no read confirmed: the
 * answer goes out only if the token still grants it now, else the fresh refusal does. The answer is
 * not run again: it may have written, and a token that holds now held when it was read.
 */
async function authorizeUnconfirmed(request: Request, context: ExecutionContext): Promise<void> {
  const handler = context.getHandler();
  if (!warned.has(handler)) {
    warned.add(handler);
    logger.warn(`${context.getClass().name}.${handler.name} answered on a kept token answer that its reads did not confirm: pass access.unconfirmed into the answering read; until then each such request reads its token again.`);
  }
  const again = takeAuthorizeAgain(request);
  // The guard chain gives every unconfirmed access what authorizes it again; without it, refuse.
  if (!again) throw new Error('A request on an unconfirmed kept access cannot be authorized again.');
  await again();
}

/** What authorizes the request afresh while it stands on an unconfirmed kept access; taken once. */
export function takeAuthorizeAgain(request: Request): (() => Promise<unknown>) | undefined {
  const again = request.authorizeAgain;
  request.authorizeAgain = undefined;
  return again;
}
