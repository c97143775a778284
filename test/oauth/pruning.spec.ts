// OAuth rows that are over go as new ones come, on each backend: a refresh deletes its grant's
// expired refresh and access tokens (but the one its "last used" comes from), an approve its
// client's codes a day past their expiry, a registration clients unused 30 days after registering.
import { GrantsService } from '../../src/oauth/grants.service';
import { secretHashOf } from '../../src/oauth/oauth-secrets';
import { describeEachBackend, type Harness } from '../support/e2e';
import { authorization, authorizeParameters, consent, exchange, issuerOf, pkce, refresh, registerClient, type TestClient } from './oauth-flow';

const LONG_AGO = '2000-01-01T00:00:00.000Z';
const DAY_MS = 86_400_000;
const ago = (ms: number): string => new Date(Date.now() - ms).toISOString();

const rowsOf = async (h: Harness, statement: string, parameters: unknown[]): Promise<string[]> =>
  ((await h.db.reader.query(statement, parameters)) as { v: string }[]).map((row) => row.v).sort();
const update = (h: Harness, statement: string, parameters: unknown[]) => h.db.write((tx) => tx.query(statement, parameters));

describeEachBackend('OAuth pruning of tokens and codes', (h) => {
  const grants = () => h().app.get(GrantsService);
  const refreshHashes = (grantId: string) => rowsOf(h(), 'SELECT token_hash AS v FROM oauth_refresh_tokens WHERE grant_id = ?', [grantId]);
  const accessHashes = (grantId: string) => rowsOf(h(), 'SELECT token_hash AS v FROM tokens WHERE grant_id = ?', [grantId]);
  const codeHashes = (clientId: string) => rowsOf(h(), 'SELECT code_hash AS v FROM oauth_codes WHERE client_id = ?', [clientId]);
  const grantOf = async (accessToken: string) =>
    (await rowsOf(h(), 'SELECT grant_id AS v FROM tokens WHERE token_hash = ?', [secretHashOf(accessToken)]))[0];

  /** A grant after `refreshes` refreshes: its access and refresh tokens, oldest first. */
  async function grantWith(refreshes: number, client?: TestClient) {
    const base = await h().fresh();
    const c = client ?? await registerClient(h());
    const first = await exchange(h(), c, await consent(h(), c, { userId: base.ownerId, baseId: base.baseId }));
    const answers = [first.body as Record<string, string>];
    for (let i = 0; i < refreshes; i++) {
      const next = await refresh(h(), c, answers[answers.length - 1].refresh_token);
      expect(next.status).toBe(200);
      answers.push(next.body);
    }
    const grantId = await grantOf(first.body.access_token);
    return { base, client: c, grantId, access: answers.map((a) => a.access_token), refresh: answers.map((a) => a.refresh_token) };
  }

  /** Every token of the grant made expired, but its newest refresh token (the one the client holds). */
  async function expireAllButLive(grant: { grantId: string; refresh: string[] }) {
    await update(h(), 'UPDATE tokens SET expires_at = ? WHERE grant_id = ?', [LONG_AGO, grant.grantId]);
    await update(h(), 'UPDATE oauth_refresh_tokens SET expires_at = ? WHERE grant_id = ? AND token_hash <> ?', [LONG_AGO, grant.grantId, secretHashOf(grant.refresh.at(-1)!)]);
  }

  it('a refresh deletes the grant\'s expired tokens but the one its last use comes from; other grants keep theirs', async () => {
    const grant = await grantWith(3);
    const other = await grantWith(2, grant.client);
    await expireAllButLive(grant);
    await expireAllButLive(other);
    // The second access token was used last, the third before it.
    await update(h(), 'UPDATE tokens SET last_used_at = ? WHERE token_hash = ?', [ago(3 * 3_600_000), secretHashOf(grant.access[2])]);
    await update(h(), 'UPDATE tokens SET last_used_at = ? WHERE token_hash = ?', [ago(2 * 3_600_000), secretHashOf(grant.access[1])]);
    const listed = await grants().listOfUser(grant.base.ownerId);
    const otherRows = { access: await accessHashes(other.grantId), refresh: await refreshHashes(other.grantId) };
    expect(otherRows.access).toHaveLength(3);

    const next = await refresh(h(), grant.client, grant.refresh[3]);
    expect(next.status).toBe(200);
    expect(await refreshHashes(grant.grantId)).toEqual([grant.refresh[3], next.body.refresh_token].map(secretHashOf).sort());
    expect(await accessHashes(grant.grantId)).toEqual([grant.access[1], next.body.access_token].map(secretHashOf).sort());
    expect(await grants().listOfUser(grant.base.ownerId)).toEqual(listed);
    expect(listed[0].lastUsedAt).toEqual(expect.any(String));
    expect({ access: await accessHashes(other.grantId), refresh: await refreshHashes(other.grantId) }).toEqual(otherRows);
  });

  it('a refresh with no token ever used deletes every expired access token of the grant', async () => {
    const grant = await grantWith(2);
    await expireAllButLive(grant);
    const next = await refresh(h(), grant.client, grant.refresh[2]);
    expect(await accessHashes(grant.grantId)).toEqual([secretHashOf(next.body.access_token)]);
    expect((await grants().listOfUser(grant.base.ownerId))[0].lastUsedAt).toBeNull();
  });

  it('an expired refresh token, once deleted, is refused as unknown and revokes nothing', async () => {
    const grant = await grantWith(1);
    // The first refresh token (used) expires; the next refresh deletes it.
    await update(h(), 'UPDATE oauth_refresh_tokens SET expires_at = ? WHERE token_hash = ?', [LONG_AGO, secretHashOf(grant.refresh[0])]);
    const next = await refresh(h(), grant.client, grant.refresh[1]);
    expect(next.status).toBe(200);
    const again = await refresh(h(), grant.client, grant.refresh[0]);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: 'The refresh token is unknown.' });
    expect((await grants().listOfUser(grant.base.ownerId))[0].revokedAt).toBeNull();
    expect((await refresh(h(), grant.client, next.body.refresh_token)).status).toBe(200);
  });

  it('an approve deletes the client\'s codes a day past their expiry; newer ones and other clients\' stay', async () => {
    const base = await h().fresh();
    const client = await registerClient(h());
    const other = await registerClient(h());
    const old = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    const recent = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    const used = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    expect((await exchange(h(), client, used)).status).toBe(200);
    const othersOld = await consent(h(), other, { userId: base.ownerId, baseId: base.baseId });
    await update(h(), 'UPDATE oauth_codes SET expires_at = ? WHERE code_hash IN (?, ?)', [ago(DAY_MS + 60_000), secretHashOf(old.code), secretHashOf(othersOld.code)]);
    await update(h(), 'UPDATE oauth_codes SET expires_at = ? WHERE code_hash = ?', [ago(DAY_MS - 60_000), secretHashOf(recent.code)]);

    const fresh = await consent(h(), client, { userId: base.ownerId, baseId: base.baseId });
    expect(await codeHashes(client.client_id)).toEqual([recent, used, fresh].map((c) => secretHashOf(c.code)).sort());
    expect(await codeHashes(other.client_id)).toEqual([secretHashOf(othersOld.code)]);
    // The used code is still known: its replay revokes the grant it gave.
    expect((await exchange(h(), client, used)).body.error_description).toBe('The code was used before; the access it gave is revoked.');
  });
});

describeEachBackend('OAuth pruning of clients', (h) => {
  const clientIds = () => rowsOf(h(), 'SELECT client_id AS v FROM oauth_clients', []);
  const age = (clients: TestClient[], days: number) => Promise.all(clients.map((client) =>
    update(h(), 'UPDATE oauth_clients SET created_at = ? WHERE client_id = ?', [ago(days * DAY_MS), client.client_id])));
  const registered = (count: number) => Promise.all(Array.from({ length: count }, () => registerClient(h())));

  it('a registration deletes clients never used 30 days after registering; used, pending and younger ones stay', async () => {
    const base = await h().fresh();
    const [unused, granted, pending, young] = await registered(4);
    const grantedAnswer = await exchange(h(), granted, await consent(h(), granted, { userId: base.ownerId, baseId: base.baseId }));
    expect(grantedAnswer.status).toBe(200);
    await consent(h(), pending, { userId: base.ownerId, baseId: base.baseId });
    await age([unused, granted, pending], 31);
    await age([young], 29);

    const newcomer = await registerClient(h());
    expect(await clientIds()).toEqual([granted, pending, young, newcomer].map((c) => c.client_id).sort());
    // The deleted client is unknown; the one with a grant still refreshes.
    const { challenge } = pkce();
    expect(await authorization(h()).check(authorizeParameters(unused, challenge), issuerOf(h()))).toEqual({ kind: 'error', refusal: 'unknown-client' });
    expect((await refresh(h(), granted, grantedAnswer.body.refresh_token)).status).toBe(200);
  });

  it('deletes a client whose only sign-in never finished, with its code, once the code is a day past expiry', async () => {
    const base = await h().fresh();
    const [abandoned, recent] = await registered(2);
    const abandonedCode = await consent(h(), abandoned, { userId: base.ownerId, baseId: base.baseId });
    const recentCode = await consent(h(), recent, { userId: base.ownerId, baseId: base.baseId });
    await age([abandoned, recent], 31);
    await update(h(), 'UPDATE oauth_codes SET expires_at = ? WHERE code_hash = ?', [ago(DAY_MS + 60_000), secretHashOf(abandonedCode.code)]);
    await update(h(), 'UPDATE oauth_codes SET expires_at = ? WHERE code_hash = ?', [ago(DAY_MS - 60_000), secretHashOf(recentCode.code)]);

    await registerClient(h());
    const ids = await clientIds();
    expect(ids).not.toContain(abandoned.client_id);
    expect(ids).toContain(recent.client_id);
    expect(await rowsOf(h(), 'SELECT code_hash AS v FROM oauth_codes WHERE client_id = ?', [abandoned.client_id])).toEqual([]);
  });

  it('deletes at most 20 at a registration, the oldest first', async () => {
    const before = await clientIds();
    const old = await registered(25);
    await age(old.slice(0, 20), 40);
    await age(old.slice(20), 35);

    const first = await registerClient(h());
    expect(await clientIds()).toEqual([...before, ...old.slice(20).map((c) => c.client_id), first.client_id].sort());
    const second = await registerClient(h());
    expect(await clientIds()).toEqual([...before, first.client_id, second.client_id].sort());
  });
});
