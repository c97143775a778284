// The eight tools, through both official clients, on both backends: each answers exactly what
// the same REST operation answers, refuses what REST refuses with REST's code and words, and
// Japanese text goes in and comes back unchanged.
import { describeEachBackend, insertToken, type TestBase } from '../support/e2e';
import { clientKinds, connect, type McpFace } from './mcp-clients';
import { mcpUrlOf, okContent, restAnswer, toolError } from './mcp-harness';

const READ_TOOLS = ['get_base_info', 'list_pages', 'get_page', 'search_pages', 'get_tree'];
const WRITE_TOOLS = ['create_page', 'update_page', 'delete_page'];

describeEachBackend('MCP tools', (harness) => {
  describe.each(clientKinds)('%s', (kind) => {
    let base: TestBase;
    let client: McpFace;

    beforeAll(async () => {
      base = await harness().fresh();
      client = await connect(kind, mcpUrlOf(harness()), base.token);
    });
    afterAll(async () => {
      await client?.close();
    });

    it('speaks its revision', () => {
      expect(client.protocolVersion()).toBe(kind.startsWith('client 2') ? '2026-07-28' : '2025-11-25');
    });

    it('lists every tool with its schemas and annotations for a write token', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema.type).toBe('object');
        expect(typeof tool.title).toBe('string');
        expect(typeof tool.description).toBe('string');
        const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
        expect({ readOnlyHint, openWorldHint }).toEqual({ readOnlyHint: READ_TOOLS.includes(tool.name), openWorldHint: false });
        expect(typeof destructiveHint).toBe('boolean');
        expect(typeof idempotentHint).toBe('boolean');
      }
      const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
      expect(byName.create_page.inputSchema.required).toEqual(['title']);
      expect(byName.create_page.inputSchema.properties.content_type.enum).toEqual(['T', 'H', 'M']);
      expect(byName.update_page.inputSchema.required).toEqual(['content_id']);
      expect(byName.search_pages.inputSchema.required).toEqual(['q']);
      expect(byName.delete_page.annotations).toMatchObject({ destructiveHint: true, idempotentHint: false });
    });

    it('offers a read token no write tool, and a write tool cannot be called with it', async () => {
      const readToken = await insertToken(harness().db, { baseId: base.baseId, userId: base.ownerId, scope: 'read' });
      const reader = await connect(kind, mcpUrlOf(harness()), readToken);
      try {
        expect((await reader.listTools()).tools.map((tool) => tool.name)).toEqual(READ_TOOLS);
        const before = (await restAnswer(base, 'get', `/bases/${base.baseId}/info`)).body.total_pages;
        const refused = await reader.callTool('create_page', { title: 'never' }).then((result) => result, (error: Error) => error);
        if (!(refused instanceof Error)) expect(refused.isError).toBe(true);
        expect((await restAnswer(base, 'get', `/bases/${base.baseId}/info`)).body.total_pages).toBe(before);
      } finally {
        await reader.close();
      }
    });

    it('creates, reads, lists, searches, changes and deletes a Japanese page as REST does', async () => {
      const title = `設計メモ ${kind.slice(0, 6)} 〜「検索」`;
      const body = '# 見出し\n\n本文：日本語のテキスト。絵文字 🍣 も。';
      const created = okContent(await client.callTool('create_page', { title, body, content_lang: 'ja' }));
      expect(created).toMatchObject({ title, body, type: 'M', lang: 'ja', level: 0, path: [title] });
      const id = created.content_id;

      const rest = await restAnswer(base, 'get', base.pagesPath(id));
      expect(okContent(await client.callTool('get_page', { content_id: id }))).toEqual(rest.body);
      expect(rest.body).toEqual(created);

      expect(okContent(await client.callTool('get_base_info'))).toEqual((await restAnswer(base, 'get', `/bases/${base.baseId}/info`)).body);
      expect(okContent(await client.callTool('list_pages', {}))).toEqual((await restAnswer(base, 'get', base.pagesPath())).body);
      expect(okContent(await client.callTool('list_pages', { limit: 1, offset: 0 }))).toEqual((await restAnswer(base, 'get', `${base.pagesPath()}?limit=1&offset=0`)).body);
      const found = okContent(await client.callTool('search_pages', { q: '検索 日本語' }));
      expect(found).toEqual((await restAnswer(base, 'get', `/bases/${base.baseId}/search?q=${encodeURIComponent('検索 日本語')}`)).body);
      expect(found.pages.map((page: any) => page.content_id)).toContain(id);
      expect(found.keywords).toBe('検索 日本語');
      expect(okContent(await client.callTool('get_tree', {}))).toEqual((await restAnswer(base, 'get', `/bases/${base.baseId}/tree`)).body);

      const changed = okContent(await client.callTool('update_page', { content_id: id, title: '改題', view: 'O', content_type: 'T' }));
      expect(changed).toMatchObject({ content_id: id, title: '改題', view: 'O', type: 'T', body });
      expect((await restAnswer(base, 'get', base.pagesPath(id))).body).toEqual(changed);
      const inherited = okContent(await client.callTool('update_page', { content_id: id, view: null }));
      expect(inherited.view).toBeNull();

      expect(okContent(await client.callTool('delete_page', { content_id: id }))).toEqual({ content_id: id, deleted: true });
      expect((await restAnswer(base, 'get', base.pagesPath(id))).status).toBe(404);
    });

    it('answers a tree with levels as REST does', async () => {
      await base.createOutline([0, 1, 2, 1]);
      expect(okContent(await client.callTool('get_tree', {}))).toEqual((await restAnswer(base, 'get', `/bases/${base.baseId}/tree`)).body);
    });

    it.each([
      ['get_page', { content_id: 'zzzzzz' }, 'get', (b: TestBase) => b.pagesPath('zzzzzz'), undefined],
      ['update_page', { content_id: 'zzzzzz', title: 'x' }, 'patch', (b: TestBase) => b.pagesPath('zzzzzz'), { title: 'x' }],
      ['delete_page', { content_id: 'zzzzzz' }, 'delete', (b: TestBase) => b.pagesPath('zzzzzz'), undefined],
      ['create_page', { title: '   ' }, 'post', (b: TestBase) => b.pagesPath(), { title: '   ' }],
      ['create_page', { body: 'no title' }, 'post', (b: TestBase) => b.pagesPath(), { body: 'no title' }],
      ['create_page', { title: 't', content_type: 'X' }, 'post', (b: TestBase) => b.pagesPath(), { title: 't', content_type: 'X' }],
      ['create_page', { title: 't', type: 'M' }, 'post', (b: TestBase) => b.pagesPath(), { title: 't', type: 'M' }],
      ['create_page', { title: { nested: true } }, 'post', (b: TestBase) => b.pagesPath(), { title: { nested: true } }],
      ['list_pages', { limit: 0 }, 'get', (b: TestBase) => `${b.pagesPath()}?limit=0`, undefined],
      ['list_pages', { offset: 1.5 }, 'get', (b: TestBase) => `${b.pagesPath()}?offset=1.5`, undefined],
      ['list_pages', { limit: 1001 }, 'get', (b: TestBase) => `${b.pagesPath()}?limit=1001`, undefined],
      ['search_pages', { q: '  ' }, 'get', (b: TestBase) => `/bases/${b.baseId}/search?q=%20%20`, undefined],
      ['search_pages', {}, 'get', (b: TestBase) => `/bases/${b.baseId}/search`, undefined],
    ] as const)('%s %j is refused as REST refuses it', async (tool, args, method, path, body) => {
      const rest = await restAnswer(base, method, path(base), body);
      expect(rest.status).toBeGreaterThanOrEqual(400);
      expect(toolError(await client.callTool(tool, args))).toEqual(rest.body.error);
    });

    it('refuses an update without a field, and one of a page id that is not text', async () => {
      const page = await base.createPage({ title: 'p' });
      expect(toolError(await client.callTool('update_page', { content_id: page.content_id }))).toEqual((await restAnswer(base, 'patch', base.pagesPath(page.content_id), {})).body.error);
      expect(toolError(await client.callTool('get_page', { content_id: 7 }))).toEqual({ code: 'BAD_REQUEST', message: 'The field "content_id" must be a string.' });
      // A JSON -1 is an integer, which a query string's "-1" is not: the bound is what refuses it.
      expect(toolError(await client.callTool('list_pages', { offset: -1 }))).toEqual({ code: 'BAD_REQUEST', message: 'The parameter "offset" must be at least 0.' });
      expect(toolError(await client.callTool('list_pages', { page: 2 }))).toEqual({ code: 'BAD_REQUEST', message: 'Unknown field "page".' });
    });
  });
});
