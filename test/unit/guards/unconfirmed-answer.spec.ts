// An answer given on an access kept in memory goes out only once a read of the request confirmed
// it (confirmed()) or the request was authorized afresh: a route whose read forgot the check
// fails closed, and a revoked token gets the fresh read's 401 instead of the answer.
import { Logger } from '@nestjs/common';
import { confirmed, KeptAccessChanged, type Access } from '../../../src/auth/access';
import { AccessRepository } from '../../../src/auth/access.repository';
import { unauthorized } from '../../../src/errors/domain-error';
import type { GrantedAccess } from '../../../src/http/decorators/current-access';
import { answerWithAccessOf } from '../../../src/http/kept-access-retry';
import { access, fakeContext, fakeRequest, type FakeRequest } from './fake-context';

type KeptRequest = FakeRequest & { authorizeAgain?: () => Promise<unknown> };

class Routes {
  detail(): void {}
}

/** A route of its own: a route is named once per process. */
class Forgetful {
  answer(): void {}
}

/** A request granted on an unconfirmed kept access; authorizing it again runs `fresh`, then grants a fresh access. */
function onKeptAccess(fresh: () => Promise<void> = async () => {}, handler: Function = Routes.prototype.detail, owner: Function = Routes) {
  const request: KeptRequest = fakeRequest({
    access: access({ unconfirmed: { tokenHash: 'kept-token', expiresAt: access().expiresAt, scope: 'write', role: 'owner' } }),
  });
  const authorizeAgain = jest.fn(async () => {
    await fresh();
    request.access = access();
  });
  request.authorizeAgain = authorizeAgain;
  const answerWith = answerWithAccessOf(undefined, fakeContext(request, handler, owner));
  return { request, authorizeAgain, answerWith };
}

/** What a read carrying the access check answers: the page, and whether the check held. */
function readConfirming(on: Access, holds: boolean): string {
  const check = on.unconfirmed && new AccessRepository().holdsCheck(on.unconfirmed);
  return confirmed({ page: 'page', accessHolds: check ? holds : undefined }, check)!.page;
}

describe('an answer on a kept access', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('goes out as it is once its read confirmed the kept access', async () => {
    const { authorizeAgain, answerWith } = onKeptAccess();
    await expect(answerWith(async (granted: GrantedAccess) => readConfirming(granted, true))).resolves.toBe('page');
    expect(authorizeAgain).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('is refused with the fresh authorization\'s 401 when no read confirmed it and the token is revoked', async () => {
    const { authorizeAgain, answerWith } = onKeptAccess(async () => {
      throw unauthorized('The access token is unknown or has been revoked.');
    });
    const answer = jest.fn(async () => 'page');
    await expect(answerWith(answer)).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(authorizeAgain).toHaveBeenCalledTimes(1);
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it('goes out, not answered twice, when no read confirmed it but the token holds afresh, and the route is named once', async () => {
    const forgetful = () => onKeptAccess(undefined, Forgetful.prototype.answer, Forgetful);
    const { request, authorizeAgain, answerWith } = forgetful();
    const answer = jest.fn(async () => 'page');
    await expect(answerWith(answer)).resolves.toBe('page');
    expect([authorizeAgain.mock.calls.length, answer.mock.calls.length]).toEqual([1, 1]);
    expect(request.access?.unconfirmed).toBeUndefined();
    await forgetful().answerWith(async () => 'page');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/^Forgetful\.answer .*access\.unconfirmed/);
  });

  it('is refused when nothing can authorize the request again', async () => {
    const { request, answerWith } = onKeptAccess();
    request.authorizeAgain = undefined;
    await expect(answerWith(async () => 'page')).rejects.toThrow(/cannot be authorized again/);
  });

  it('is answered again on a fresh access when its read finds the kept access no longer holds', async () => {
    const { authorizeAgain, answerWith } = onKeptAccess();
    const answer = jest.fn(async (granted: GrantedAccess) => readConfirming(granted, false));
    await expect(answerWith(answer)).resolves.toBe('page');
    expect([authorizeAgain.mock.calls.length, answer.mock.calls.length]).toEqual([1, 2]);
  });

  it('read afresh for this request goes out without being authorized again', async () => {
    const request: KeptRequest = fakeRequest({ access: access() });
    const answerWith = answerWithAccessOf(undefined, fakeContext(request, Routes.prototype.detail, Routes));
    await expect(answerWith(async () => 'page')).resolves.toBe('page');
  });
});

test('a read whose access check held marks the kept access confirmed; one that did not, or found no row, does not', () => {
  const kept = () => access({ unconfirmed: { tokenHash: 'kept-token', expiresAt: access().expiresAt, scope: 'read', role: 'owner' } });
  const held = kept();
  readConfirming(held, true);
  expect(held.unconfirmed?.confirmed).toBe(true);
  const changed = kept();
  expect(() => readConfirming(changed, false)).toThrow(KeptAccessChanged);
  const none = kept();
  expect(() => confirmed(null, new AccessRepository().holdsCheck(none.unconfirmed!))).toThrow(KeptAccessChanged);
  expect([changed.unconfirmed?.confirmed, none.unconfirmed?.confirmed]).toEqual([undefined, undefined]);
});
