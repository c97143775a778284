// The administration use cases behind kbp, in-process against a real SQLite store: every
// variant of a refused input, which would be slow to try one child process at a time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addMember, checkBaseId, createBase, createToken, createUser, listTokens, normaliseEmail, parseDuration, revokeToken,
} from '../../src/app/admin.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { openTestStore } from '../support/test-store.ts';

const DAY_MS = 86_400_000;

function refusal(code: 'BAD_REQUEST' | 'NOT_FOUND', message: RegExp) {
  return (error: unknown) => error instanceof DomainError && error.code === code && message.test(error.message);
}

test('parseDuration reads a whole number with s, m, h or d', () => {
  assert.equal(parseDuration('90s'), 90_000);
  assert.equal(parseDuration('15m'), 900_000);
  assert.equal(parseDuration('12h'), 12 * 3_600_000);
  assert.equal(parseDuration('30d'), 30 * DAY_MS);
  assert.equal(parseDuration('366d'), 366 * DAY_MS);
  assert.equal(parseDuration('8784h'), 366 * DAY_MS);
});

test('parseDuration refuses other shapes, zero and more than 366 days', () => {
  for (const bad of ['', '30', 'd', '3w', '1.5d', '-1d', '1 d', '1D', 'forever', '30dd']) {
    assert.throws(() => parseDuration(bad), refusal('BAD_REQUEST', /is not a duration/), bad);
  }
  assert.throws(() => parseDuration('0s'), refusal('BAD_REQUEST', /longer than zero/));
  for (const tooLong of ['367d', '8785h', '527041m', '31622401s', '99999999999999999999d']) {
    assert.throws(() => parseDuration(tooLong), refusal('BAD_REQUEST', /at most 366d/), tooLong);
  }
});

test('checkBaseId takes 6 or more lowercase letters, digits and hyphens', () => {
  for (const good of ['team-docs', 'abcdef', '123456', '------', 'a-very-long-knowledge-base-id-2026']) {
    assert.equal(checkBaseId(good), good);
  }
  for (const bad of ['', 'short', 'Team-Docs', 'team_docs', 'team docs', 'tëam-docs', 'team/docs']) {
    assert.throws(() => checkBaseId(bad), refusal('BAD_REQUEST', /not a valid knowledge-base id/), bad);
  }
});

test('normaliseEmail lower-cases a plausible address and refuses the rest', () => {
  assert.equal(normaliseEmail(' Alice@Example.COM '), 'alice@example.com');
  assert.equal(normaliseEmail('a.b+c@mail.example.org'), 'a.b+c@mail.example.org');
  for (const bad of ['alice', 'alice@', '@example.com', 'alice@example', 'al ice@example.com', 'a@b@example.com', 'alice@.com']) {
    assert.throws(() => normaliseEmail(bad), refusal('BAD_REQUEST', /not a valid email address/), bad);
  }
});

test('createBase refuses a bad view and a duplicate id', async (t) => {
  const { store, dispose } = await openTestStore();
  t.after(dispose);
  await assert.rejects(createBase(store, { baseId: 'team-docs', view: 'X' }), refusal('BAD_REQUEST', /view must be one of O, L, I/));
  assert.deepEqual(await createBase(store, { baseId: 'team-docs' }), { baseId: 'team-docs', description: '', view: 'L' });
  await assert.rejects(createBase(store, { baseId: 'team-docs' }), refusal('BAD_REQUEST', /already exists/));
});

test('createUser names a user after the address unless given a name, and refuses a duplicate in any case', async (t) => {
  const { store, dispose } = await openTestStore();
  t.after(dispose);
  assert.equal((await createUser(store, { email: 'alice@example.com' })).name, 'alice');
  assert.equal((await createUser(store, { email: 'bob@example.com', name: '  Bob  ' })).name, 'Bob');
  await assert.rejects(createUser(store, { email: 'ALICE@example.com' }), refusal('BAD_REQUEST', /already exists/));
});

test('addMember refuses a bad role, an unknown base and an unknown user, and reports a changed role', async (t) => {
  const { store, dispose } = await openTestStore();
  t.after(dispose);
  await createBase(store, { baseId: 'team-docs' });
  await createUser(store, { email: 'alice@example.com' });
  await assert.rejects(addMember(store, 'team-docs', 'alice@example.com', 'admin'), refusal('BAD_REQUEST', /role must be one of/));
  await assert.rejects(addMember(store, 'no-such-base', 'alice@example.com', 'owner'), refusal('NOT_FOUND', /no knowledge base/));
  await assert.rejects(addMember(store, 'team-docs', 'bob@example.com', 'owner'), refusal('NOT_FOUND', /no user/));
  assert.equal((await addMember(store, 'team-docs', 'Alice@Example.com', 'reader')).previousRole, null);
  assert.equal((await addMember(store, 'team-docs', 'alice@example.com', 'owner')).previousRole, 'reader');
});

test('createToken is refused for a user who is not a member of the base', async (t) => {
  const { store, dispose } = await openTestStore();
  t.after(dispose);
  await createBase(store, { baseId: 'team-docs' });
  await createBase(store, { baseId: 'other-base' });
  await createUser(store, { email: 'alice@example.com' });
  await addMember(store, 'other-base', 'alice@example.com', 'owner');
  await assert.rejects(
    createToken(store, { baseId: 'team-docs', email: 'alice@example.com', scope: 'read' }),
    refusal('BAD_REQUEST', /not a member of "team-docs"/),
  );
  await assert.rejects(
    createToken(store, { baseId: 'other-base', email: 'alice@example.com', scope: 'admin' }),
    refusal('BAD_REQUEST', /scope must be one of read, write/),
  );
  assert.deepEqual(await store.listTokens(), []);
});

test('createToken binds the token to base, owner and scope, expiring after the duration', async (t) => {
  const { store, dispose } = await openTestStore();
  t.after(dispose);
  await createBase(store, { baseId: 'team-docs' });
  await createUser(store, { email: 'alice@example.com' });
  await addMember(store, 'team-docs', 'alice@example.com', 'writer');
  const clock = new Date('2026-01-01T00:00:00.000Z');
  const created = await createToken(store, { baseId: 'team-docs', email: 'alice@example.com', scope: 'read', expiresIn: '90s' }, clock);
  assert.equal(created.expiresAt, '2026-01-01T00:01:30.000Z');
  const record = await store.findTokenByHash(hashToken(created.token));
  assert.equal(record?.tokenId, created.tokenId);
  assert.equal(record?.scope, 'read');
  assert.equal(record?.expiresAt, created.expiresAt);
  const byDefault = await createToken(store, { baseId: 'team-docs', email: 'alice@example.com', scope: 'write' }, clock);
  assert.equal(byDefault.expiresAt, '2026-01-31T00:00:00.000Z');
});

test('listTokens shows what identifies a token but never the token; revokeToken refuses an unknown id', async (t) => {
  const { store, dispose } = await openTestStore();
  t.after(dispose);
  await createBase(store, { baseId: 'team-docs' });
  await createUser(store, { email: 'alice@example.com' });
  await addMember(store, 'team-docs', 'alice@example.com', 'owner');
  const created = await createToken(store, { baseId: 'team-docs', email: 'alice@example.com', scope: 'write' });
  const [summary] = await listTokens(store, 'team-docs');
  assert.deepEqual(Object.keys(summary).sort(), [
    'baseId', 'createdAt', 'displayPrefix', 'expiresAt', 'lastFour', 'ownerEmail', 'revokedAt', 'scope', 'tokenId',
  ]);
  assert.ok(!JSON.stringify(summary).includes(created.token));
  assert.equal(summary.displayPrefix + created.token.slice(8, -4) + summary.lastFour, created.token);
  await assert.rejects(listTokens(store, 'no-such-base'), refusal('NOT_FOUND', /no knowledge base/));

  await revokeToken(store, created.tokenId);
  assert.notEqual((await listTokens(store))[0].revokedAt, null);
  await assert.rejects(revokeToken(store, 'tok_unknown'), refusal('NOT_FOUND', /no token "tok_unknown"/));
});
