// The one global guard: @Public() opens a route (on the handler or its controller); everything
// else runs token → base binding → base exists → owner → scope, and the first refusal wins.
import { Reflector } from '@nestjs/core';
import { RouteProtections } from '../../../src/http/guards/route-protection';
import type { Access } from '../../../src/auth/access';
import { AccessRepository } from '../../../src/auth/access.repository';
import { AccessService } from '../../../src/auth/access.service';
import { TokenUses } from '../../../src/auth/token-uses';
import { TokenUsesRepository } from '../../../src/auth/token-uses.repository';
import { hashToken, issueToken } from '../../../src/auth/tokens';
import type { UnitOfWork } from '../../../src/database/unit-of-work';
import { Auth, Public } from '../../../src/http/decorators/protection';
import { AccessChainGuard } from '../../../src/http/guards/access-chain.guard';
import { BaseBindingGuard } from '../../../src/http/guards/base-binding.guard';
import { BaseExistsGuard } from '../../../src/http/guards/base-exists.guard';
import { OwnerGuard } from '../../../src/http/guards/owner.guard';
import { ScopeGuard } from '../../../src/http/guards/scope.guard';
import { TokenGuard } from '../../../src/http/guards/token.guard';
import { access, fakeContext, fakeRequest } from './fake-context';

class Routes {
  @Public()
  open(): void {}

  @Auth('write')
  write(): void {}

  @Auth()
  read(): void {}

  undecorated(): void {}
}

@Public()
class OpenController {
  anything(): void {}
}

class OneToken extends AccessRepository {
  constructor(private readonly tokenHash: string, private readonly found: Access) {
    super();
  }

  override async findByTokenHash(_em: unknown, tokenHash: string): Promise<Access | null> {
    return tokenHash === this.tokenHash ? this.found : null;
  }
}

/** The chain with real steps, over a token table holding one token with `overrides`. */
function chainWith(overrides: Partial<Access> = {}) {
  const { token } = issueToken();
  const protections = new RouteProtections(new Reflector());
  const db = { reader: {}, changeStamp: () => null } as unknown as UnitOfWork;
  const service = new AccessService(db, new OneToken(hashToken(token), access(overrides)));
  const chain = new AccessChainGuard(protections, new TokenGuard(protections, service, new TokenUses(db, new TokenUsesRepository())), new BaseBindingGuard(), new BaseExistsGuard(), new OwnerGuard(), new ScopeGuard(protections));
  const run = (handler: Function, options: { authorization?: string | null; baseId?: string; owner?: Function } = {}) => {
    const authorization = options.authorization === undefined ? `Bearer ${token}` : (options.authorization ?? undefined);
    const request = fakeRequest({ headers: { authorization }, params: { base_id: options.baseId ?? 'team-docs' } });
    return chain.canActivate(fakeContext(request, handler, options.owner ?? Routes));
  };
  return run;
}

const refused = (code: string, status: number) => ({ code, status });

describe('AccessChainGuard', () => {
  it('opens a @Public() handler without any token', async () => {
    await expect(chainWith()(Routes.prototype.open, { authorization: null })).resolves.toBe(true);
  });

  it('opens every handler of a @Public() controller without any token', async () => {
    await expect(chainWith()(OpenController.prototype.anything, { authorization: null, owner: OpenController })).resolves.toBe(true);
  });

  it('denies an undecorated handler without a token (default deny)', async () => {
    await expect(chainWith()(Routes.prototype.undecorated, { authorization: null })).rejects.toMatchObject(refused('UNAUTHORIZED', 401));
  });

  it("lets the owner's write token through on read and write handlers", async () => {
    const run = chainWith();
    await expect(run(Routes.prototype.read)).resolves.toBe(true);
    await expect(run(Routes.prototype.write)).resolves.toBe(true);
  });

  it("lets the owner's read token through on a read handler and refuses it on a write handler", async () => {
    const run = chainWith({ scope: 'read' });
    await expect(run(Routes.prototype.read)).resolves.toBe(true);
    await expect(run(Routes.prototype.write)).rejects.toMatchObject({ ...refused('FORBIDDEN', 403), message: expect.stringMatching(/write scope/) });
  });

  // Every later step would refuse too: the first one's answer is the one given.
  const worst: Partial<Access> = { scope: 'read', role: 'reader', base: null };

  it('answers 401 first: a wrong token on a write handler of another base', async () => {
    await expect(chainWith(worst)(Routes.prototype.write, { authorization: `Bearer kbp_${'Z'.repeat(43)}`, baseId: 'elsewhere' }))
      .rejects.toMatchObject(refused('UNAUTHORIZED', 401));
  });

  it('answers an expired token with 401 before its other faults', async () => {
    await expect(chainWith({ ...worst, expiresAt: new Date(Date.now() - 1).toISOString() })(Routes.prototype.write, { baseId: 'elsewhere' }))
      .rejects.toMatchObject(refused('UNAUTHORIZED', 401));
  });

  it('answers the base binding 403 before the vanished base 404', async () => {
    await expect(chainWith(worst)(Routes.prototype.write, { baseId: 'elsewhere' }))
      .rejects.toMatchObject({ ...refused('FORBIDDEN', 403), message: expect.stringMatching(/another knowledge base/) });
  });

  it('answers the vanished base 404 before the role 403', async () => {
    await expect(chainWith(worst)(Routes.prototype.write)).rejects.toMatchObject(refused('NOT_FOUND', 404));
  });

  it('answers the role 403 before the scope 403', async () => {
    await expect(chainWith({ scope: 'read', role: 'writer' })(Routes.prototype.write))
      .rejects.toMatchObject({ ...refused('FORBIDDEN', 403), message: expect.stringMatching(/owner/) });
  });
});
