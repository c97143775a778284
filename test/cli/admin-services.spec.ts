// The administration services behind kbp, in-process on a real database of each backend: every
// variant of a refused input, which would be slow to try one child process at a time.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { MembersService } from '../../src/auth/members.service';
import { parseDuration } from '../../src/auth/token-lifetime';
import { hashToken } from '../../src/auth/tokens';
import { TokensService } from '../../src/auth/tokens.service';
import { normaliseEmail, UsersService } from '../../src/auth/users.service';
import { BasesService, checkBaseId } from '../../src/bases/bases.service';
import { CliModule } from '../../src/cli/cli.module';
import { defaults } from '../../src/config/config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { DomainError } from '../../src/errors/domain-error';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';

const DAY_MS = 86_400_000;

/** Matches a DomainError with `code` whose message matches `message`. */
function refusal(code: 'BAD_REQUEST' | 'NOT_FOUND', message: RegExp) {
  return expect.objectContaining({ name: 'DomainError', code, message: expect.stringMatching(message) });
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('administration input rules', () => {
  it('parseDuration reads a whole number with s, m, h or d', () => {
    expect(['90s', '15m', '12h', '30d', '366d', '8784h', ' 7d '].map(parseDuration))
      .toEqual([90_000, 900_000, 12 * 3_600_000, 30 * DAY_MS, 366 * DAY_MS, 366 * DAY_MS, 7 * DAY_MS]);
  });

  it('parseDuration refuses other shapes, zero and more than 366 days', () => {
    for (const bad of ['', '30', 'd', '3w', '1.5d', '-1d', '1 d', '1D', 'forever', '30dd']) {
      expect(thrown(() => parseDuration(bad))).toEqual(refusal('BAD_REQUEST', /is not a duration/));
    }
    expect(thrown(() => parseDuration('0s'))).toEqual(refusal('BAD_REQUEST', /longer than zero/));
    for (const tooLong of ['367d', '8785h', '527041m', '31622401s', '99999999999999999999d']) {
      expect(thrown(() => parseDuration(tooLong))).toEqual(refusal('BAD_REQUEST', /at most 366d/));
    }
  });

  it('checkBaseId takes 6 or more lowercase letters, digits and hyphens', () => {
    for (const good of ['team-docs', 'abcdef', '123456', '------', 'a-very-long-knowledge-base-id-2026']) {
      expect(checkBaseId(good)).toBe(good);
    }
    for (const bad of ['', 'short', 'Team-Docs', 'team_docs', 'team docs', 'tëam-docs', 'team/docs']) {
      expect(thrown(() => checkBaseId(bad))).toEqual(refusal('BAD_REQUEST', /not a valid knowledge-base id/));
    }
  });

  it('normaliseEmail lower-cases a plausible address and refuses the rest', () => {
    expect(normaliseEmail(' Alice@Example.COM ')).toBe('alice@example.com');
    expect(normaliseEmail('a.b+c@mail.example.org')).toBe('a.b+c@mail.example.org');
    for (const bad of ['alice', 'alice@', '@example.com', 'alice@example', 'al ice@example.com', 'a@b@example.com', 'alice@.com', `${'a'.repeat(250)}@example.com`]) {
      expect(thrown(() => normaliseEmail(bad))).toEqual(refusal('BAD_REQUEST', /not a valid email address/));
    }
  });
});

describe.each(backends)('administration services [%s]', (backend) => {
  let database: TestDatabase;
  let context: INestApplicationContext;
  let bases: BasesService;
  let users: UsersService;
  let members: MembersService;
  let tokens: TokensService;
  let db: UnitOfWork;

  beforeEach(async () => {
    database = await createTestDatabase(backend);
    context = await NestFactory.createApplicationContext(CliModule.forRoot({ ...defaults, databaseUrl: database.url }), { logger: false, abortOnError: false });
    [bases, users, members, tokens, db] = [context.get(BasesService), context.get(UsersService), context.get(MembersService), context.get(TokensService), context.get(UnitOfWork)];
  });
  afterEach(async () => {
    await context?.close();
    await database?.drop();
  });

  const tokenRow = async (token: string) =>
    (await db.reader.query('SELECT token_id, scope, expires_at, revoked_at FROM tokens WHERE token_hash = ?', [hashToken(token)]))[0];

  it('createBase refuses a bad id, a bad view and a duplicate id; counts and finds bases', async () => {
    await expect(bases.create({ baseId: 'Team' })).rejects.toEqual(refusal('BAD_REQUEST', /"Team" is not a valid knowledge-base id/));
    await expect(bases.create({ baseId: 'team-docs', view: 'X' })).rejects.toEqual(refusal('BAD_REQUEST', /The view must be one of O, L, I, not "X"/));
    expect(await bases.count()).toBe(0);
    expect(await bases.create({ baseId: 'team-docs' })).toEqual({ baseId: 'team-docs', description: '', view: 'L', livePages: 0 });
    await expect(bases.create({ baseId: 'team-docs', description: 'again' })).rejects.toEqual(refusal('BAD_REQUEST', /The knowledge base "team-docs" already exists/));
    expect(await bases.count()).toBe(1);
    expect(await bases.find('team-docs')).toEqual({ baseId: 'team-docs', description: '', view: 'L', livePages: 0 });
    expect(await bases.find('other-base')).toBeNull();
  });

  it('createUser names a user after the address unless given a name, and refuses a duplicate in any case', async () => {
    expect(await users.create({ email: 'Alice@Example.com' })).toEqual({ userId: expect.any(Number), email: 'alice@example.com', name: 'alice' });
    expect((await users.create({ email: 'bob@example.com', name: '  Bob  ' })).name).toBe('Bob');
    expect((await users.create({ email: 'carol@example.com', name: '   ' })).name).toBe('carol');
    await expect(users.create({ email: 'ALICE@example.com' })).rejects.toEqual(refusal('BAD_REQUEST', /The user "alice@example.com" already exists/));
    expect((await users.findByEmail('ALICE@EXAMPLE.COM'))?.name).toBe('alice');
    expect(await users.findByEmail('dave@example.com')).toBeNull();
  });

  it('addMember refuses a bad role, an unknown base and an unknown user, and reports a changed role', async () => {
    await bases.create({ baseId: 'team-docs' });
    await users.create({ email: 'alice@example.com' });
    await expect(members.add('team-docs', 'alice@example.com', 'admin')).rejects.toEqual(refusal('BAD_REQUEST', /The role must be one of owner, writer, reader/));
    await expect(members.add('no-such-base', 'alice@example.com', 'owner')).rejects.toEqual(refusal('NOT_FOUND', /no knowledge base "no-such-base"/));
    await expect(members.add('team-docs', 'bob@example.com', 'owner')).rejects.toEqual(refusal('NOT_FOUND', /no user "bob@example.com"/));
    expect(await members.add('team-docs', 'Alice@Example.com', 'reader')).toEqual({ baseId: 'team-docs', email: 'alice@example.com', role: 'reader', previousRole: null });
    expect((await members.add('team-docs', 'alice@example.com', 'owner')).previousRole).toBe('reader');
    expect(await db.reader.query('SELECT role FROM members')).toEqual([{ role: 'owner' }]);
  });

  it('createToken is refused for a user who is not a member, a bad scope and a bad duration', async () => {
    await bases.create({ baseId: 'team-docs' });
    await bases.create({ baseId: 'other-base' });
    await users.create({ email: 'alice@example.com' });
    await members.add('other-base', 'alice@example.com', 'owner');
    await expect(tokens.create({ baseId: 'team-docs', email: 'alice@example.com', scope: 'read' }))
      .rejects.toEqual(refusal('BAD_REQUEST', /"alice@example.com" is not a member of "team-docs"/));
    await expect(tokens.create({ baseId: 'other-base', email: 'alice@example.com', scope: 'admin' }))
      .rejects.toEqual(refusal('BAD_REQUEST', /The scope must be one of read, write/));
    await expect(tokens.create({ baseId: 'other-base', email: 'alice@example.com', scope: 'read', expiresIn: '400d' }))
      .rejects.toEqual(refusal('BAD_REQUEST', /at most 366d/));
    expect(await tokens.list()).toEqual([]);
  });

  it('createToken binds the token to base, owner and scope, expiring after the duration (30 days unless told)', async () => {
    await bases.create({ baseId: 'team-docs' });
    await users.create({ email: 'alice@example.com' });
    await members.add('team-docs', 'alice@example.com', 'writer');
    const clock = new Date('2026-01-01T00:00:00.000Z');
    const created = await tokens.create({ baseId: 'team-docs', email: 'alice@example.com', scope: 'read', expiresIn: '90s' }, clock);
    expect(created).toEqual({ token: expect.stringMatching(/^kbp_[0-9A-Za-z]{43}$/), tokenId: expect.stringMatching(/^tok_[0-9a-z]{12}$/), expiresAt: '2026-01-01T00:01:30.000Z', role: 'writer' });
    expect(await tokenRow(created.token)).toEqual({ token_id: created.tokenId, scope: 'read', expires_at: created.expiresAt, revoked_at: null });
    const byDefault = await tokens.create({ baseId: 'team-docs', email: 'alice@example.com', scope: 'write' }, clock);
    expect(byDefault.expiresAt).toBe('2026-01-31T00:00:00.000Z');
  });

  it('listTokens shows what identifies a token but never the token; revokeToken keeps the first time and refuses an unknown id', async () => {
    await bases.create({ baseId: 'team-docs' });
    await users.create({ email: 'alice@example.com' });
    await members.add('team-docs', 'alice@example.com', 'owner');
    const created = await tokens.create({ baseId: 'team-docs', email: 'alice@example.com', scope: 'write' });
    const [summary] = await tokens.list('team-docs');
    expect(Object.keys(summary).sort()).toEqual([
      'baseId', 'createdAt', 'displayPrefix', 'expiresAt', 'lastFour', 'lastUsedAt', 'name', 'ownerEmail', 'revokedAt', 'scope', 'tokenId',
    ]);
    expect(JSON.stringify(summary)).not.toContain(created.token);
    expect(JSON.stringify(summary)).not.toContain(hashToken(created.token));
    expect(summary.displayPrefix + created.token.slice(8, -4) + summary.lastFour).toBe(created.token);
    expect(summary).toMatchObject({ tokenId: created.tokenId, baseId: 'team-docs', ownerEmail: 'alice@example.com', name: null, scope: 'write', lastUsedAt: null, revokedAt: null });
    await expect(tokens.list('no-such-base')).rejects.toEqual(refusal('NOT_FOUND', /no knowledge base "no-such-base"/));

    await tokens.revoke(` ${created.tokenId} `);
    const [revoked] = await tokens.list();
    expect(revoked.revokedAt).toEqual(expect.any(String));
    await tokens.revoke(created.tokenId);
    expect((await tokens.list())[0].revokedAt).toBe(revoked.revokedAt);
    await expect(tokens.revoke('tok_unknown')).rejects.toEqual(refusal('NOT_FOUND', /There is no token "tok_unknown"/));
  });

  it('a refused write changes nothing: the token of a non-member is not stored, an unknown member not added', async () => {
    await bases.create({ baseId: 'team-docs' });
    await users.create({ email: 'alice@example.com' });
    await expect(tokens.create({ baseId: 'team-docs', email: 'alice@example.com', scope: 'write' })).rejects.toBeInstanceOf(DomainError);
    await expect(members.add('team-docs', 'nobody@example.com', 'owner')).rejects.toBeInstanceOf(DomainError);
    expect(await db.reader.query('SELECT token_id FROM tokens')).toEqual([]);
    expect(await db.reader.query('SELECT user_id FROM members')).toEqual([]);
  });

  it('racing creations of one user or base make one and refuse the rest plainly; racing member adds leave one membership', async () => {
    const userResults = await Promise.allSettled(Array.from({ length: 6 }, () => users.create({ email: 'race@example.com' })));
    expect(userResults.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of userResults.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toEqual(refusal('BAD_REQUEST', /The user "race@example.com" already exists/));
    }
    const baseResults = await Promise.allSettled(Array.from({ length: 6 }, () => bases.create({ baseId: 'race-base' })));
    expect(baseResults.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of baseResults.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toEqual(refusal('BAD_REQUEST', /already exists/));
    }
    // Once one made the user owner, an add that would demote the base's only owner is refused.
    const roles = ['reader', 'writer', 'owner', 'reader', 'writer', 'owner'];
    const addResults = await Promise.allSettled(roles.map((role) => members.add('race-base', 'race@example.com', role)));
    for (const result of addResults.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toEqual(refusal('BAD_REQUEST', /The last owner of "race-base" cannot be demoted/));
    }
    expect(await db.reader.query('SELECT base_id FROM members')).toEqual([{ base_id: 'race-base' }]);
  });
});
