// A user's own tokens, as the token page uses them (OwnedTokensService, MembersService.basesOwnedBy):
// made only for a base the user owns, whatever the input claims; refused with the field named for a
// bad name, scope or expiry; listed with those made by kbp; revoked only by their user, and refused
// by the API at once, by a second service that had kept the token's answer too.
import request from 'supertest';
import { MembersService } from '../../src/auth/members.service';
import { OwnedTokensService } from '../../src/auth/owned-tokens.service';
import { TokensService } from '../../src/auth/tokens.service';
import { DomainError } from '../../src/errors/domain-error';
import { describeEachBackend, expectError, insertBase, insertUser, secondService, uniqueName, type TestBase } from '../support/e2e';

const DAY_MS = 86_400_000;

describeEachBackend('a user\'s own tokens', (h) => {
  const other = secondService(h);
  const service = () => h().app.get(OwnedTokensService);

  /** The user's role in another base (a row of its own). */
  async function addMember(baseId: string, userId: number, role: string): Promise<void> {
    await h().db.write((tx) => tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [baseId, userId, role]));
  }

  async function newBase(): Promise<string> {
    const baseId = uniqueName();
    await insertBase(h().db, baseId);
    return baseId;
  }

  async function emailOf(userId: number): Promise<string> {
    return (await h().db.reader.query('SELECT email FROM users WHERE user_id = ?', [userId]))[0].email;
  }

  const tokenRows = (userId: number) => h().db.reader.query('SELECT token_id, revoked_at FROM tokens WHERE user_id = ? ORDER BY token_id', [userId]);

  /** The DomainError's code and message of a refused call. */
  async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
    const error = await call.then(() => null, (caught: unknown) => caught);
    if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
    return { code: error.code, message: error.message };
  }

  const info = (base: TestBase, token: string) => base.call('get', `/bases/${base.baseId}/info`, { token });

  it('makes a token for a base the user owns, which the API takes, with its name, scope and expiry', async () => {
    const base = await h().fresh();
    const clock = new Date();
    const created = await service().createForUser({ userId: base.ownerId, name: '  Laptop <b>CLI</b>  ', baseId: base.baseId, scope: 'read', expiresInDays: 90 }, clock);
    expect(created).toEqual({
      token: expect.stringMatching(/^kbp_[0-9A-Za-z]{43}$/), tokenId: expect.stringMatching(/^tok_[0-9a-z]{12}$/),
      expiresAt: new Date(clock.getTime() + 90 * DAY_MS).toISOString(), role: 'owner', name: 'Laptop <b>CLI</b>', baseId: base.baseId, scope: 'read',
    });
    expect((await info(base, created.token)).status).toBe(200);
    expectError(await base.call('post', base.pagesPath(), { token: created.token, body: { title: 'x' } }), 403, 'FORBIDDEN');

    const listed = (await service().listOfUser(base.ownerId)).find((token) => token.tokenId === created.tokenId);
    expect(listed).toEqual({
      tokenId: created.tokenId, name: 'Laptop <b>CLI</b>', baseId: base.baseId, scope: 'read',
      displayPrefix: created.token.slice(0, 8), lastFour: created.token.slice(-4),
      createdAt: clock.toISOString(), expiresAt: created.expiresAt, lastUsedAt: null, revokedAt: null,
    });
  });

  it('takes each offered expiry (a form\'s digits too) and a name of 100 characters of any plane', async () => {
    const base = await h().fresh();
    const clock = new Date('2030-01-01T00:00:00.000Z');
    for (const days of [7, 30, 90, 365, '30'] as const) {
      const created = await service().createForUser({ userId: base.ownerId, name: '😀'.repeat(100), baseId: base.baseId, scope: 'write', expiresInDays: days }, clock);
      expect(created.expiresAt).toBe(new Date(clock.getTime() + Number(days) * DAY_MS).toISOString());
    }
    const names = (await service().listOfUser(base.ownerId)).map((token) => token.name);
    expect(names.filter((name) => name === '😀'.repeat(100))).toHaveLength(5);
  });

  it('refuses a base the user is only a writer or reader of, one they are not in, and one that does not exist (FORBIDDEN)', async () => {
    const base = await h().fresh();
    const writerOf = await newBase();
    const readerOf = await newBase();
    const notIn = await h().fresh();
    await addMember(writerOf, base.ownerId, 'writer');
    await addMember(readerOf, base.ownerId, 'reader');
    const before = await tokenRows(base.ownerId);
    for (const baseId of [writerOf, readerOf, notIn.baseId, 'no-such-base', `${base.baseId} `]) {
      expect(await refusal(service().createForUser({ userId: base.ownerId, name: 'Crafted', baseId, scope: 'write', expiresInDays: 30 })))
        .toEqual({ code: 'FORBIDDEN', message: 'A token can be made only for a knowledge base you own.' });
    }
    expect(await tokenRows(base.ownerId)).toEqual(before);
    expect(await h().db.reader.query('SELECT token_id FROM tokens WHERE base_id IN (?, ?)', [writerOf, readerOf])).toEqual([]);
  });

  it('refuses a bad expiry, scope or name with BAD_REQUEST naming the field, making nothing', async () => {
    const base = await h().fresh();
    const good = { userId: base.ownerId, name: 'Good', baseId: base.baseId, scope: 'read', expiresInDays: 30 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ expiresInDays: 0 }, /^The expiry must be one of 7, 30, 90, 365 days, not "0"\.$/],
      [{ expiresInDays: 31 }, /^The expiry must be one of 7, 30, 90, 365 days/],
      [{ expiresInDays: 366 }, /^The expiry must be one of/],
      [{ expiresInDays: '30d' }, /^The expiry must be one of .* not "30d"\.$/],
      [{ expiresInDays: 7.5 }, /^The expiry must be one of/],
      [{ scope: 'admin' }, /^The scope must be one of read, write, not "admin"\.$/],
      [{ scope: '' }, /^The scope must be one of/],
      [{ name: '' }, /^The token name must not be empty\.$/],
      [{ name: ' \t ' }, /^The token name must not be empty\.$/],
      [{ name: 'x'.repeat(101) }, /^The token name must be at most 100 characters, not 101\.$/],
      [{ name: 'two\nlines' }, /^The token name must not hold control characters/],
    ];
    const before = await tokenRows(base.ownerId);
    for (const [change, message] of cases) {
      const refused = await refusal(service().createForUser({ ...good, ...change } as never));
      expect({ change, code: refused.code, matches: message.test(refused.message) }).toEqual({ change, code: 'BAD_REQUEST', matches: true });
    }
    expect(await tokenRows(base.ownerId)).toEqual(before);
  });

  it('lists the user\'s tokens of every base newest first, those made by kbp too (no name), and no one else\'s', async () => {
    const base = await h().fresh();
    const second = await newBase();
    await addMember(second, base.ownerId, 'owner');
    const someoneElse = await insertUser(h().db, second, 'owner');
    const email = await emailOf(base.ownerId);
    const tokens = h().app.get(TokensService);
    const byKbp = await tokens.create({ baseId: second, email, scope: 'write' }, new Date('2030-01-01T00:00:00.000Z'));
    const named = await service().createForUser({ userId: base.ownerId, name: 'Newest', baseId: second, scope: 'read', expiresInDays: 7 }, new Date('2030-01-02T00:00:00.000Z'));
    const notMine = await tokens.create({ baseId: second, email: await emailOf(someoneElse), scope: 'write' }, new Date('2030-01-03T00:00:00.000Z'));

    const listed = await service().listOfUser(base.ownerId);
    expect(listed.slice(0, 2).map(({ tokenId, name, baseId, scope }) => ({ tokenId, name, baseId, scope }))).toEqual([
      { tokenId: named.tokenId, name: 'Newest', baseId: second, scope: 'read' },
      { tokenId: byKbp.tokenId, name: null, baseId: second, scope: 'write' },
    ]);
    // The harness's own token of the first base, made before, comes last.
    expect(listed.map((token) => token.baseId)).toEqual([second, second, base.baseId]);
    expect(listed.map((token) => token.tokenId)).not.toContain(notMine.tokenId);
    expect(JSON.stringify(listed)).not.toContain(named.token);
  });

  it('revokes only the user\'s own token: another user\'s or an unknown id answers false and revokes nothing', async () => {
    const base = await h().fresh();
    const mallory = await insertUser(h().db, base.baseId, 'owner');
    const created = await service().createForUser({ userId: base.ownerId, name: 'Mine', baseId: base.baseId, scope: 'write', expiresInDays: 30 });

    expect(await service().revokeOfUser(mallory, created.tokenId)).toBe(false);
    expect(await service().revokeOfUser(base.ownerId, 'tok_doesnotexist')).toBe(false);
    expect((await service().listOfUser(base.ownerId)).find((token) => token.tokenId === created.tokenId)?.revokedAt).toBeNull();
    expect((await info(base, created.token)).status).toBe(200);

    expect(await service().revokeOfUser(base.ownerId, created.tokenId)).toBe(true);
    const revokedAt = (await service().listOfUser(base.ownerId)).find((token) => token.tokenId === created.tokenId)?.revokedAt;
    expect(revokedAt).toEqual(expect.any(String));
    // Again: still the user's, the first revocation time kept.
    expect(await service().revokeOfUser(base.ownerId, created.tokenId)).toBe(true);
    expect((await service().listOfUser(base.ownerId)).find((token) => token.tokenId === created.tokenId)?.revokedAt).toBe(revokedAt);
  });

  it('a revoke makes the API answer 401 at once, on this service and on another that kept the token\'s answer', async () => {
    const base = await h().fresh();
    const page = (await base.createPage({ title: 'Kept' })).content_id as string;
    const created = await service().createForUser({ userId: base.ownerId, name: 'Soon revoked', baseId: base.baseId, scope: 'read', expiresInDays: 7 });
    const detail = (app: 'this' | 'other') => request((app === 'this' ? h().app : other()).getHttpServer())
      .get(`/api/v1${base.pagesPath(page)}`).set('Authorization', `Bearer ${created.token}`);
    for (const app of ['this', 'other'] as const) {
      expect((await detail(app)).status).toBe(200);
      expect((await detail(app)).status).toBe(200);
    }
    expect(await service().revokeOfUser(base.ownerId, created.tokenId)).toBe(true);
    for (const app of ['other', 'this'] as const) expectError(await detail(app), 401, 'UNAUTHORIZED');
    expectError(await info(base, created.token), 401, 'UNAUTHORIZED');
  });

  it('basesOwnedBy lists the bases the user owns, in order, not those of another role', async () => {
    const base = await h().fresh();
    const owned = [await newBase(), await newBase()];
    const writerOf = await newBase();
    for (const baseId of owned) await addMember(baseId, base.ownerId, 'owner');
    await addMember(writerOf, base.ownerId, 'writer');
    expect(await h().app.get(MembersService).basesOwnedBy(base.ownerId)).toEqual([base.baseId, ...owned].sort());
    expect(await h().app.get(MembersService).basesOwnedBy(987_654)).toEqual([]);
  });
});
