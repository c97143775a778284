// Step 1 (401): TokenGuard with the real AccessService (header parsing, hashing) over an
// in-memory token table in place of the database; a token let through is noted as used, no other.
import { Reflector } from '@nestjs/core';
import { RouteProtections } from '../../../src/http/guards/route-protection';
import { AccessRepository } from '../../../src/auth/access.repository';
import { AccessService } from '../../../src/auth/access.service';
import type { Access } from '../../../src/auth/access';
import { TokenUses } from '../../../src/auth/token-uses';
import { TokenUsesRepository } from '../../../src/auth/token-uses.repository';
import { hashToken, issueToken } from '../../../src/auth/tokens';
import type { UnitOfWork } from '../../../src/database/unit-of-work';
import { TokenGuard } from '../../../src/http/guards/token.guard';
import { access, fakeContext, fakeRequest } from './fake-context';

class TokenTable extends AccessRepository {
  readonly rows = new Map<string, Access>();
  readonly lookups: string[] = [];

  override async findByTokenHash(_em: unknown, tokenHash: string): Promise<Access | null> {
    this.lookups.push(tokenHash);
    return this.rows.get(tokenHash) ?? null;
  }
}

function setup() {
  const table = new TokenTable();
  const db = { reader: {}, changeStamp: () => null } as unknown as UnitOfWork;
  const uses = new TokenUses(db, new TokenUsesRepository());
  const noted = jest.spyOn(uses, 'note');
  const guard = new TokenGuard(new RouteProtections(new Reflector()), new AccessService(db, table), uses);
  const add = (overrides: Partial<Access> = {}): string => {
    const { token } = issueToken();
    table.rows.set(hashToken(token), access(overrides));
    return token;
  };
  const run = (authorization?: string) => {
    const request = fakeRequest({ headers: { authorization } });
    return { request, result: guard.canActivate(fakeContext(request)) };
  };
  return { table, add, run, noted };
}

describe('TokenGuard', () => {
  it('lets a known, live token through and puts its access on the request', async () => {
    const { add, run, noted } = setup();
    const token = add({ scope: 'read' });
    const { request, result } = run(`Bearer ${token}`);
    await expect(result).resolves.toBe(true);
    expect(request.access).toMatchObject({ baseId: 'team-docs', scope: 'read', role: 'owner' });
    expect(noted.mock.calls).toEqual([[request.access!.tokenId]]);
  });

  it('takes the scheme name in any case', async () => {
    const { add, run } = setup();
    await expect(run(`bEaReR ${add()}`).result).resolves.toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['the scheme alone', 'Bearer'],
    ['a token of the wrong shape', 'Bearer kbp_short'],
    ['two tokens', `Bearer kbp_${'a'.repeat(43)} kbp_${'b'.repeat(43)}`],
  ])('refuses %s with 401 without looking anything up', async (_label, header) => {
    const { table, run } = setup();
    const { request, result } = run(header);
    await expect(result).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(table.lookups).toEqual([]);
    expect(request.access).toBeUndefined();
  });

  it('refuses a well-formed token that is not in the table with 401', async () => {
    const { table, run } = setup();
    await expect(run(`Bearer kbp_${'A'.repeat(43)}`).result).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(table.lookups).toEqual([hashToken(`kbp_${'A'.repeat(43)}`)]);
  });

  it('refuses a revoked token with 401, noting no use', async () => {
    const { add, run, noted } = setup();
    const token = add({ revokedAt: new Date().toISOString() });
    await expect(run(`Bearer ${token}`).result).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/revoked/) });
    expect(noted).not.toHaveBeenCalled();
  });

  it('refuses an expired token with 401 that says so, noting no use', async () => {
    const { add, run, noted } = setup();
    const token = add({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await expect(run(`Bearer ${token}`).result).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/expired/) });
    expect(noted).not.toHaveBeenCalled();
  });

  it('does not judge base, role or scope: a reader token of a vanished base passes this step', async () => {
    const { add, run } = setup();
    const token = add({ role: 'reader', scope: 'read', base: null, baseId: 'elsewhere' });
    await expect(run(`Bearer ${token}`).result).resolves.toBe(true);
  });
});
