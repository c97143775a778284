// /healthz and /readyz (terminus): no token; /readyz is 503 in the error shape while the service
// drains before a stop, which still serves.
import { DrainState } from '../../src/health/drain-state';
import { describeEachBackend, expectError } from '../support/e2e';

describeEachBackend('health', (h) => {
  it('answers /healthz and /readyz with 200 and no token while the database answers', async () => {
    const base = await h().fresh();
    const healthz = await base.http.get('/healthz');
    expect({ status: healthz.status, body: healthz.body }).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok' }) });
    const readyz = await base.http.get('/readyz').set('Connection', 'keep-alive');
    expect(readyz.status).toBe(200);
    expect(readyz.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, service: { status: 'up' } } });
    expect(readyz.headers.connection).toBe('keep-alive');
  });

  describe('while draining', () => {
    beforeAll(() => {
      h().app.get(DrainState).start();
    });

    it('answers /readyz with 503 SERVICE_UNAVAILABLE in the error shape, naming why', async () => {
      const base = await h().fresh();
      const res = await base.http.get('/readyz');
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
      expect(res.body.error.message).toBe('Not ready: the service is stopping.');
      expect(res.headers['x-request-id']).toBeDefined();
    });

    it('still answers the API and /healthz, keeping connections alive (test/cli/serve.spec.ts follows a whole stop)', async () => {
      const base = await h().fresh();
      const keepAlive = { Connection: 'keep-alive' };
      const answers = [
        await base.call('get', `/bases/${base.baseId}/info`, { headers: keepAlive }),
        await base.call('get', '/nowhere', { token: null, headers: keepAlive }),
        await base.call('options', base.pagesPath(), { token: null, headers: { ...keepAlive, Origin: 'https://app.example.org', 'Access-Control-Request-Method': 'POST' } }),
        await base.http.get('/healthz').set(keepAlive),
      ];
      expect(answers.map((res) => [res.status, res.headers.connection])).toEqual([[200, 'keep-alive'], [404, 'keep-alive'], [204, 'keep-alive'], [200, 'keep-alive']]);
    });
  });
});
