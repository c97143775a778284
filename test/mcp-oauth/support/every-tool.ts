// Every tool of /mcp once, through a signed-in client, on the grant's own base: what an agent
// does in its first minutes (Japanese included), each answer checked against the REST shapes.
import type { McpConnection, ToolResult } from './mcp-clients';

export const READ_TOOLS = ['get_base_info', 'get_page', 'get_tree', 'list_pages', 'search_pages'];
export const WRITE_TOOLS = ['create_page', 'delete_page', 'update_page'];

/** The structured answer of a tool that must succeed. */
async function ok(mcp: McpConnection, name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const result: ToolResult = await mcp.call(name, args);
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent ?? result.content)}`);
  expect(result.structuredContent).toBeDefined();
  // The text content says the same as the structured one.
  expect(JSON.parse(result.content?.find((block) => block.type === 'text')?.text ?? 'null')).toEqual(result.structuredContent);
  return result.structuredContent!;
}

/** The REST error code of a tool that must fail. */
export async function errorCode(mcp: McpConnection, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await mcp.call(name, args);
  expect(result.isError).toBe(true);
  expect(Object.keys(result.structuredContent ?? {})).toEqual(['error']);
  return result.structuredContent!.error.code;
}

/** Writes, reads, searches, moves and deletes pages of `baseId` with every tool. */
export async function useEveryTool(mcp: McpConnection, baseId: string): Promise<void> {
  expect(await mcp.toolNames()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());

  const info = await ok(mcp, 'get_base_info');
  expect(info).toMatchObject({ base_id: baseId, total_pages: 0 });

  const body = '# 議事録\n\n東京で**会議**をしました。';
  const parent = await ok(mcp, 'create_page', { title: '会議メモ', body, content_type: 'M', content_lang: 'ja' });
  expect(parent).toMatchObject({ title: '会議メモ', body, type: 'M', lang: 'ja', level: 0, path: ['会議メモ'] });
  expect(parent.content_id).toMatch(/^[a-z0-9]{6}$/);
  const child = await ok(mcp, 'create_page', { title: 'Child', content_type: 'T', content_lang: 'en' });

  const moved = await ok(mcp, 'update_page', { content_id: child.content_id, title: '子ページ', level: 1 });
  expect(moved).toMatchObject({ content_id: child.content_id, title: '子ページ', level: 1, path: ['会議メモ', '子ページ'] });

  expect(await ok(mcp, 'get_page', { content_id: parent.content_id })).toMatchObject({ content_id: parent.content_id, body, title: '会議メモ' });

  const list = await ok(mcp, 'list_pages', {});
  expect(list.total).toBe(2);
  expect(list.pages.map((page: { content_id: string }) => page.content_id)).toEqual([parent.content_id, child.content_id]);

  const found = await ok(mcp, 'search_pages', { q: '東京' });
  expect(found).toMatchObject({ total: 1, keywords: '東京' });
  expect(found.pages[0].content_id).toBe(parent.content_id);

  const { tree } = await ok(mcp, 'get_tree', {});
  expect(tree).toEqual([{ content_id: parent.content_id, title: '会議メモ', level: 0, children: [{ content_id: child.content_id, title: '子ページ', level: 1, children: [] }] }]);

  // The page as a resource: the stored Markdown as it is.
  const [resource] = await mcp.readResource(`kb://${baseId}/pages/${parent.content_id}`);
  expect(resource).toMatchObject({ mimeType: 'text/markdown', text: body });

  expect(await ok(mcp, 'delete_page', { content_id: child.content_id })).toEqual({ content_id: child.content_id, deleted: true });
  expect(await errorCode(mcp, 'get_page', { content_id: child.content_id })).toBe('NOT_FOUND');
  expect(await ok(mcp, 'get_base_info')).toMatchObject({ base_id: baseId, total_pages: 1 });
}

/** A read grant's client: only the read tools, each callable, and no way to write. */
export async function useReadTools(mcp: McpConnection, baseId: string): Promise<void> {
  expect(await mcp.toolNames()).toEqual(READ_TOOLS);
  expect(await ok(mcp, 'get_base_info')).toMatchObject({ base_id: baseId });
  expect(await ok(mcp, 'list_pages', {})).toMatchObject({ total: 0, pages: [] });
  expect(await ok(mcp, 'search_pages', { q: 'nothing' })).toMatchObject({ total: 0, pages: [] });
  expect(await ok(mcp, 'get_tree', {})).toEqual({ tree: [] });
  expect(await errorCode(mcp, 'get_page', { content_id: 'zzzzzz' })).toBe('NOT_FOUND');
  // A write tool is not there for it: the call is refused, and nothing was written.
  const attempt = await mcp.call('create_page', { title: 'Not allowed' }).catch((error: Error) => ({ isError: true, thrown: error.message }));
  expect(attempt.isError).toBe(true);
  expect(await ok(mcp, 'get_base_info')).toMatchObject({ total_pages: 0 });
}
