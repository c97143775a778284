// GET /bases/{base_id}/token: the calling token describes itself, behind the same guard chain.
import { describeEachBackend, expectError, insertToken } from '../support/e2e';

describeEachBackend('token info', (h) => {
  it('answers the token id, base, scope and expiry of the calling token, never the token', async () => {
    const base = await h().fresh();
    const readToken = await insertToken(h().db, { baseId: base.baseId, userId: base.ownerId, scope: 'read', expiresAt: '2099-01-02T03:04:05.000Z' });
    const res = await base.call('get', `/bases/${base.baseId}/token`, { token: readToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token_id: expect.stringMatching(/^tok_[a-z0-9]{12}$/), base_id: base.baseId, scope: 'read', expires_at: '2099-01-02T03:04:05.000Z' });
    expect(res.text).not.toContain(readToken);
  });

  it('is refused like every route: no token 401, another base 403', async () => {
    const base = await h().fresh();
    const other = await h().fresh();
    expectError(await base.call('get', `/bases/${base.baseId}/token`, { token: null }), 401, 'UNAUTHORIZED');
    expectError(await base.call('get', `/bases/${other.baseId}/token`), 403, 'FORBIDDEN');
    expectError(await base.call('post', `/bases/${base.baseId}/token`), 405, 'METHOD_NOT_ALLOWED');
  });
});
