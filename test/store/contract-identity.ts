// Store contract: bases, users, memberships and tokens.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { issueToken } from '../../src/auth/tokens.ts';
import type { Scope } from '../../src/domain/types.ts';
import { AlreadyExistsError, type NewToken, type Store } from '../../src/store/store.ts';
import { later, newBase, uniqueBaseId, uniqueEmail, useStore, type OpenStore } from './contract-support.ts';

async function newUserId(store: Store): Promise<number> {
  return (await store.createUser(uniqueEmail(), 'Contract User', later())).userId;
}

function newToken(baseId: string, userId: number, scope: Scope = 'write'): NewToken {
  const issued = issueToken();
  return {
    tokenId: issued.tokenId,
    baseId,
    userId,
    tokenHash: issued.tokenHash,
    displayPrefix: issued.displayPrefix,
    lastFour: issued.lastFour,
    scope,
    createdAt: later(),
    expiresAt: '2027-01-01T00:00:00.000Z',
  };
}

export function identityContract(open: OpenStore): void {
  describe('identity', () => {
    const store = useStore(open);

    test('migrate can run again on a migrated store and keeps its data', async () => {
      const baseId = await newBase(store());
      await store().migrate();
      assert.notEqual(await store().getBase(baseId), null);
    });

    test('createBase stores a base that getBase returns', async () => {
      const baseId = uniqueBaseId();
      await store().createBase({ baseId, description: 'Team docs', view: 'O' }, later());
      assert.deepEqual(await store().getBase(baseId), { baseId, description: 'Team docs', view: 'O' });
    });

    test('getBase returns null for an unknown base', async () => {
      assert.equal(await store().getBase(uniqueBaseId()), null);
    });

    test('createBase refuses a taken base id with AlreadyExistsError and keeps the first base', async () => {
      const baseId = uniqueBaseId();
      await store().createBase({ baseId, description: 'first', view: 'L' }, later());
      await assert.rejects(
        store().createBase({ baseId, description: 'second', view: 'I' }, later()),
        AlreadyExistsError,
      );
      assert.deepEqual(await store().getBase(baseId), { baseId, description: 'first', view: 'L' });
    });

    test('countBases counts one more base after createBase and none after a refused one', async () => {
      const before = await store().countBases();
      const baseId = await newBase(store());
      assert.equal(await store().countBases(), before + 1);
      await assert.rejects(store().createBase({ baseId, description: 'again', view: 'L' }, later()), AlreadyExistsError);
      assert.equal(await store().countBases(), before + 1);
    });

    test('createUser returns the new user, and findUserByEmail finds it', async () => {
      const email = uniqueEmail();
      const user = await store().createUser(email, 'Hanako Yamada', later());
      assert.equal(typeof user.userId, 'number');
      assert.deepEqual(user, { userId: user.userId, email, name: 'Hanako Yamada' });
      assert.deepEqual(await store().findUserByEmail(email), user);
    });

    test('createUser gives each user its own id', async () => {
      const first = await newUserId(store());
      const second = await newUserId(store());
      assert.notEqual(first, second);
    });

    test('findUserByEmail returns null for an unknown email', async () => {
      assert.equal(await store().findUserByEmail(uniqueEmail()), null);
    });

    test('createUser refuses a taken email with AlreadyExistsError and keeps the first user', async () => {
      const email = uniqueEmail();
      const first = await store().createUser(email, 'First', later());
      await assert.rejects(store().createUser(email, 'Second', later()), AlreadyExistsError);
      assert.deepEqual(await store().findUserByEmail(email), first);
    });

    test('setMemberRole makes a user a member with that role', async () => {
      const baseId = await newBase(store());
      const userId = await newUserId(store());
      await store().setMemberRole(baseId, userId, 'writer');
      assert.equal(await store().memberRole(baseId, userId), 'writer');
    });

    test('setMemberRole changes the role of an existing member', async () => {
      const baseId = await newBase(store());
      const userId = await newUserId(store());
      await store().setMemberRole(baseId, userId, 'owner');
      await store().setMemberRole(baseId, userId, 'reader');
      assert.equal(await store().memberRole(baseId, userId), 'reader');
    });

    test('memberRole is null for a user who is not a member of the base', async () => {
      const baseId = await newBase(store());
      const userId = await newUserId(store());
      assert.equal(await store().memberRole(baseId, userId), null);
    });

    test('a role in one base gives no role in another base', async () => {
      const memberOf = await newBase(store());
      const other = await newBase(store());
      const userId = await newUserId(store());
      await store().setMemberRole(memberOf, userId, 'owner');
      assert.equal(await store().memberRole(other, userId), null);
    });

    test('createToken stores a token that findTokenByHash returns with its user email', async () => {
      const baseId = await newBase(store());
      const email = uniqueEmail();
      const user = await store().createUser(email, 'Token Holder', later());
      const token = newToken(baseId, user.userId, 'read');
      await store().createToken(token);
      const { tokenHash: _hash, ...visible } = token;
      assert.deepEqual(await store().findTokenByHash(token.tokenHash), { ...visible, userEmail: email, revokedAt: null });
    });

    test('findTokenByHash returns null for an unknown hash', async () => {
      assert.equal(await store().findTokenByHash(issueToken().tokenHash), null);
    });

    test('findTokenAccess returns the token with its base and its user\'s role there', async () => {
      const baseId = await newBase(store());
      const email = uniqueEmail();
      const user = await store().createUser(email, 'Access Holder', later());
      await store().setMemberRole(baseId, user.userId, 'writer');
      const token = newToken(baseId, user.userId, 'read');
      await store().createToken(token);
      const access = await store().findTokenAccess(token.tokenHash);
      assert.deepEqual(access?.token, await store().findTokenByHash(token.tokenHash));
      assert.deepEqual(access?.base, await store().getBase(baseId));
      assert.equal(access?.role, 'writer');
    });

    test('findTokenAccess gives a null role to a user who is not a member, and null for an unknown hash', async () => {
      const baseId = await newBase(store());
      const token = newToken(baseId, await newUserId(store()));
      await store().createToken(token);
      assert.equal((await store().findTokenAccess(token.tokenHash))?.role, null);
      assert.equal(await store().findTokenAccess(issueToken().tokenHash), null);
    });

    test('findTokenAccess sees a revocation and a role change made after an earlier read', async () => {
      const baseId = await newBase(store());
      const userId = await newUserId(store());
      await store().setMemberRole(baseId, userId, 'owner');
      const token = newToken(baseId, userId);
      await store().createToken(token);
      assert.equal((await store().findTokenAccess(token.tokenHash))?.role, 'owner');
      await store().setMemberRole(baseId, userId, 'reader');
      assert.equal((await store().findTokenAccess(token.tokenHash))?.role, 'reader');
      const now = later();
      await store().revokeToken(token.tokenId, now);
      assert.equal((await store().findTokenAccess(token.tokenHash))?.token.revokedAt, now);
    });

    test('listTokens with a base lists exactly the tokens of that base', async () => {
      const baseId = await newBase(store());
      const other = await newBase(store());
      const userId = await newUserId(store());
      const mine = [newToken(baseId, userId), newToken(baseId, userId, 'read')];
      for (const token of [...mine, newToken(other, userId)]) await store().createToken(token);
      const listed = await store().listTokens(baseId);
      assert.deepEqual(listed.map((t) => t.tokenId).sort(), mine.map((t) => t.tokenId).sort());
      assert.ok(listed.every((t) => t.baseId === baseId));
    });

    test('listTokens without a base lists the tokens of every base', async () => {
      const userId = await newUserId(store());
      const tokens = [newToken(await newBase(store()), userId), newToken(await newBase(store()), userId)];
      for (const token of tokens) await store().createToken(token);
      const listed = new Set((await store().listTokens()).map((t) => t.tokenId));
      assert.ok(tokens.every((t) => listed.has(t.tokenId)));
    });

    test('revokeToken returns true and sets revokedAt on the token', async () => {
      const baseId = await newBase(store());
      const token = newToken(baseId, await newUserId(store()));
      await store().createToken(token);
      const now = later();
      assert.equal(await store().revokeToken(token.tokenId, now), true);
      assert.equal((await store().findTokenByHash(token.tokenHash))?.revokedAt, now);
      assert.equal((await store().listTokens(baseId))[0].revokedAt, now);
    });

    test('revokeToken of an already revoked token still returns true', async () => {
      const baseId = await newBase(store());
      const token = newToken(baseId, await newUserId(store()));
      await store().createToken(token);
      await store().revokeToken(token.tokenId, later());
      assert.equal(await store().revokeToken(token.tokenId, later()), true);
    });

    test('revokeToken returns false for an unknown token id', async () => {
      assert.equal(await store().revokeToken(issueToken().tokenId, later()), false);
    });
  });
}
