// Who reaches /mcp and what: the Origin check, the bearer check with its discovery header, the
// REST rules at each call (base gone, owner role, base binding), and the page resources.
import request from 'supertest';
import { hashToken } from '../../src/auth/tokens';
import { TokenUses } from '../../src/auth/token-uses';
import { createHarness, describeEachBackend, insertToken, type Harness, type TestBase } from '../support/e2e';
import { removeBaseRow } from '../support/remove-base';
import { clientKinds, connect } from './mcp-clients';
import { mcpUrlOf, okContent, toolError } from './mcp-harness';

const initialize = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function post(harness: Harness, headers: Record<string, string>) {
  let req = request(harness.app.getHttpServer()).post('/mcp').set('Content-Type', 'application/json').set('Accept', 'application/json, text/event-stream');
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  return req.send(JSON.stringify(initialize));
}

const discovery = (origin: string) => `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="pages:read"`;

describeEachBackend('MCP access', (harness) => {
  let base: TestBase;
  let origin: string;
  beforeAll(async () => {
    base = await harness().fresh();
    origin = new URL(mcpUrlOf(harness())).origin;
  });

  describe('Origin', () => {
    it('serves a request without Origin, and one from the service\'s own origin', async () => {
      expect((await post(harness(), { Authorization: `Bearer ${base.token}` })).status).toBe(200);
      expect((await post(harness(), { Authorization: `Bearer ${base.token}`, Origin: origin })).status).toBe(200);
    });

    it('refuses a rebound name (DNS rebinding): Host and Origin both the other site\'s', async () => {
      const rebound = `evil.example:${new URL(origin).port}`;
      const res = await post(harness(), { Authorization: `Bearer ${base.token}`, Host: rebound, Origin: `http://${rebound}` });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    });

    it('refuses any other Origin with 403, token or not', async () => {
      for (const other of ['http://evil.example', 'http://127.0.0.1:1', 'null']) {
        const res = await post(harness(), { Authorization: `Bearer ${base.token}`, Origin: other });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
    });
  });

  describe('bearer token', () => {
    const challenge = (res: request.Response) => res.headers['www-authenticate'];

    it('answers no token with 401, the REST envelope and where to sign in', async () => {
      const res = await post(harness(), {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Send a valid access token as "Authorization: Bearer kbp_…".' } });
      expect(challenge(res)).toBe(`Bearer ${discovery(origin)}`);
    });

    it.each([
      ['an unknown', async () => 'kbp_unknownunknownunknownunknownunknown'],
      ['a revoked', async (b: TestBase, h: Harness) => insertToken(h.db, { baseId: b.baseId, userId: b.ownerId, revoked: true })],
      ['an expired', async (b: TestBase, h: Harness) => insertToken(h.db, { baseId: b.baseId, userId: b.ownerId, expiresAt: new Date(Date.now() - 1000).toISOString() })],
    ])('answers %s token with 401 invalid_token and the discovery header', async (_what, tokenOf) => {
      const res = await post(harness(), { Authorization: `Bearer ${await tokenOf(base, harness())}` });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
      expect(challenge(res)).toBe(`Bearer ${discovery(origin)}, error="invalid_token"`);
    });

    it('takes an OAuth token for this /mcp, and answers one for another resource with 401', async () => {
      const token = await insertToken(harness().db, { baseId: base.baseId, userId: base.ownerId });
      const setAudience = (audience: string) => harness().db.write((tx) => tx.query('UPDATE tokens SET audience = ? WHERE token_hash = ?', [audience, hashToken(token)]));
      await setAudience(`${origin}/mcp`);
      expect((await post(harness(), { Authorization: `Bearer ${token}` })).status).toBe(200);
      await setAudience('https://elsewhere.example/mcp');
      const res = await post(harness(), { Authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      expect(challenge(res)).toBe(`Bearer ${discovery(origin)}, error="invalid_token"`);
    });

    it.each(clientKinds)('makes the %s client fail to connect without a valid token', async (kind) => {
      await expect(connect(kind, mcpUrlOf(harness()), null)).rejects.toThrow();
      await expect(connect(kind, mcpUrlOf(harness()), 'kbp_nope')).rejects.toThrow();
    });

    it('notes the token as used, as REST does', async () => {
      const token = await insertToken(harness().db, { baseId: base.baseId, userId: base.ownerId });
      expect((await post(harness(), { Authorization: `Bearer ${token}` })).status).toBe(200);
      await harness().app.get(TokenUses).flushNow();
      const [row] = await harness().db.reader.query('SELECT last_used_at FROM tokens WHERE token_hash = ?', [hashToken(token)]);
      expect(row.last_used_at).not.toBeNull();
    });
  });

  describe.each(clientKinds)('%s at call time', (kind) => {
    it('refuses every tool once the user is no longer the owner, with REST\'s words', async () => {
      const own = await harness().fresh();
      const client = await connect(kind, mcpUrlOf(harness()), own.token);
      try {
        okContent(await client.callTool('get_base_info'));
        await harness().db.write((tx) => tx.query("UPDATE members SET role = 'writer' WHERE base_id = ? AND user_id = ?", [own.baseId, own.ownerId]));
        const rest = await own.call('get', `/bases/${own.baseId}/info`);
        expect(rest.status).toBe(403);
        expect(toolError(await client.callTool('get_base_info'))).toEqual(rest.body.error);
        expect(toolError(await client.callTool('create_page', { title: 'x' }))).toEqual(rest.body.error);
        await expect(client.readResource(`kb://${own.baseId}/pages/abcdef`)).rejects.toThrow(rest.body.error.message);
      } finally {
        await client.close();
      }
    });

    it('answers NOT_FOUND once the base is gone', async () => {
      const gone = await harness().fresh();
      const client = await connect(kind, mcpUrlOf(harness()), gone.token);
      try {
        await removeBaseRow(harness(), gone.baseId);
        const rest = await gone.call('get', `/bases/${gone.baseId}/info`);
        expect(rest.status).toBe(404);
        expect(toolError(await client.callTool('list_pages', {}))).toEqual(rest.body.error);
      } finally {
        await client.close();
      }
    });

    it('never reaches base B with a token of base A', async () => {
      const a = await harness().fresh();
      const b = await harness().fresh();
      const secret = await b.createPage({ title: 'B の秘密', body: 'secret of B' });
      const client = await connect(kind, mcpUrlOf(harness()), a.token);
      try {
        expect(toolError(await client.callTool('get_page', { content_id: secret.content_id })).code).toBe('NOT_FOUND');
        expect(toolError(await client.callTool('update_page', { content_id: secret.content_id, title: 'taken' })).code).toBe('NOT_FOUND');
        expect(toolError(await client.callTool('delete_page', { content_id: secret.content_id })).code).toBe('NOT_FOUND');
        expect(okContent(await client.callTool('search_pages', { q: 'secret' })).total).toBe(0);
        await expect(client.readResource(`kb://${b.baseId}/pages/${secret.content_id}`))
          .rejects.toThrow(`This token is bound to another knowledge base and cannot reach "${b.baseId}".`);
        expect((await client.listResources()).resources).toEqual([]);
        expect((await b.call('get', b.pagesPath(secret.content_id))).body.title).toBe('B の秘密');
      } finally {
        await client.close();
      }
    });

    it('reads pages as resources with their format\'s media type, and lists them a window at a time', async () => {
      const own = await harness().fresh();
      const markdown = await own.createPage({ title: 'M', body: '# 日本語' });
      const text = await own.createPage({ title: 'T', body: 'プレーン', content_type: 'T' });
      const html = await own.createPage({ title: 'H', body: '<p>段落</p>', content_type: 'H' });
      const client = await connect(kind, mcpUrlOf(harness()), own.token);
      try {
        const { resourceTemplates } = await client.listResourceTemplates();
        expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['kb://{base_id}/pages/{content_id}']);
        for (const [page, mimeType] of [[markdown, 'text/markdown'], [text, 'text/plain'], [html, 'text/html']] as const) {
          const uri = `kb://${own.baseId}/pages/${page.content_id}`;
          const { contents } = await client.readResource(uri);
          expect(contents).toEqual([{ uri, mimeType, text: page.body }]);
        }
        const listed = await client.listResources();
        expect(listed.resources.map((resource) => resource.uri)).toEqual([markdown, text, html].map((page) => `kb://${own.baseId}/pages/${page.content_id}`));
        expect(listed.nextCursor).toBeUndefined();
        await expect(client.readResource(`kb://${own.baseId}/pages/zzzzzz`)).rejects.toThrow('No such page in this knowledge base.');
      } finally {
        await client.close();
      }
    });
  });

  it('pages resources/list with a cursor past 100 pages', async () => {
    const own = await harness().fresh();
    for (let i = 0; i < 101; i++) await own.createPage({ title: `p${i}` });
    const client = await connect('sdk 1.x (2025)', mcpUrlOf(harness()), own.token);
    try {
      const first = await client.listResources();
      expect(first.resources).toHaveLength(100);
      expect(first.nextCursor).toBe('100');
      const second = await client.listResources(first.nextCursor);
      expect(second.resources.map((resource) => resource.name)).toEqual(['p100']);
      expect(second.nextCursor).toBeUndefined();
      await expect(client.listResources('not-a-cursor')).rejects.toThrow('The cursor is not one this server gave.');
    } finally {
      await client.close();
    }
  });
});

describe('MCP Origin with KB_PUBLIC_URL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness('sqlite', { publicUrl: 'https://kb.example.org' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('serves that origin only, not the request\'s own, and names it in the discovery header', async () => {
    const base = await harness.fresh();
    const own = new URL(mcpUrlOf(harness)).origin;
    expect((await post(harness, { Authorization: `Bearer ${base.token}`, Origin: 'https://kb.example.org' })).status).toBe(200);
    expect((await post(harness, { Authorization: `Bearer ${base.token}`, Origin: own })).status).toBe(403);
    expect((await post(harness, {})).headers['www-authenticate']).toBe(`Bearer ${discovery('https://kb.example.org')}`);
  });
});

