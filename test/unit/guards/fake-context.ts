// A fake ExecutionContext for guard steps: an HTTP request (headers, params, access) and the
// handler and class whose metadata the steps read.
import type { ExecutionContext } from '@nestjs/common';
import type { Access } from '../../../src/auth/access';

export interface FakeRequest {
  headers: Record<string, string | undefined>;
  params: Record<string, string>;
  access?: Access;
}

export function fakeRequest(overrides: Partial<FakeRequest> = {}): FakeRequest {
  return { headers: {}, params: { base_id: 'team-docs' }, ...overrides };
}

/** `handler` and `owner` default to an undecorated method of an undecorated class. */
export function fakeContext(request: FakeRequest, handler: Function = function undecorated() {}, owner: Function = class Undecorated {}): ExecutionContext {
  const http = { getRequest: <T>() => request as unknown as T, getResponse: <T>() => ({}) as T, getNext: <T>() => (() => undefined) as T };
  return {
    getType: () => 'http',
    getArgs: () => [request, {}, () => undefined],
    getArgByIndex: (index: number) => [request, {}, () => undefined][index],
    switchToHttp: () => http,
    switchToRpc: () => { throw new Error('not RPC'); },
    switchToWs: () => { throw new Error('not WebSocket'); },
    getHandler: () => handler,
    getClass: () => owner,
  } as unknown as ExecutionContext;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** The access of an owner's live write token of team-docs, with `overrides`. */
export function access(overrides: Partial<Access> = {}): Access {
  return {
    tokenId: 'tok_abcdefabcdef',
    baseId: 'team-docs',
    userId: 7,
    scope: 'write',
    expiresAt: inAnHour(),
    revokedAt: null,
    grantId: null,
    audience: null,
    base: { baseId: 'team-docs', description: 'Team docs', view: 'L', livePages: 3, outlineVersion: 5 },
    role: 'owner',
    ...overrides,
  };
}


/** What a synchronous step throws, or a failure when it lets the request through. */
export function refusalOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('the step let the request through');
}
