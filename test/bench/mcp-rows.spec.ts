// The bench's MCP rows: each REST row with a tool gets its twins right after it, one per revision,
// sending what the official clients send for the same pages; an MCP answer's result is read from
// JSON or from an event stream; and the twins' table divides each MCP row by its REST row.
import { mcpResult, toolCall, withMcpTwins } from '../../bench/mcp-rows';
import type { BenchOperation } from '../../bench/load';
import { twinsTable, type Row } from '../../bench/table';

const base = '/api/v1/bases/bench-base';
const rest: BenchOperation[] = [
  { name: 'info', expect: 200, sequence: [{ method: 'GET', path: `${base}/info` }] },
  { name: 'detail (another page each time)', expect: 200, sequence: [{ method: 'GET', path: `${base}/pages/aaa111` }, { method: 'GET', path: `${base}/pages/bbb222` }] },
  { name: 'search rare English `zeppelin`', expect: 200, sequence: [{ method: 'GET', path: `${base}/search?q=zeppelin&limit=20` }] },
  { name: 'search common English `server`', expect: 200, sequence: [{ method: 'GET', path: `${base}/search?q=server&limit=20` }] },
  { name: 'create', expect: 201, sequence: [{ method: 'POST', path: `${base}/pages`, body: JSON.stringify({ title: 'T', body: 'B', content_type: 'M', content_lang: 'en' }) }] },
];

describe('MCP rows beside their REST rows', () => {
  const rows = withMcpTwins(rest, 'kbp_token');

  it('puts the two revisions right after each REST row that has a tool, and nowhere else', () => {
    expect(rows.map((row) => row.name)).toEqual([
      'info', 'MCP 2026: get_base_info', 'MCP 2025: get_base_info',
      'detail (another page each time)', 'MCP 2026: get_page (another page each time)', 'MCP 2025: get_page (another page each time)',
      'search rare English `zeppelin`',
      'search common English `server`', 'MCP 2026: search_pages `server`', 'MCP 2025: search_pages `server`',
      'create', 'MCP 2026: create_page', 'MCP 2025: create_page',
    ]);
    expect(rows.filter((row) => row.mcp).every((row) => row.twinOf !== undefined && row.expect === 200)).toBe(true);
  });

  it('sends the same pages, query and body as the REST row, in the same order', () => {
    const call = (name: string, i = 0) => JSON.parse(rows.find((row) => row.name === name)!.sequence[i].body!).params;
    expect([call('MCP 2026: get_page (another page each time)', 0).arguments, call('MCP 2025: get_page (another page each time)', 1).arguments])
      .toEqual([{ content_id: 'aaa111' }, { content_id: 'bbb222' }]);
    expect(call('MCP 2026: search_pages `server`').arguments).toEqual({ q: 'server', limit: 20 });
    expect(call('MCP 2025: create_page').arguments).toEqual({ title: 'T', body: 'B', content_type: 'M', content_lang: 'en' });
  });

  it('sends a 2026-07-28 call as the 2.x client does: routing headers and the envelope in _meta', () => {
    const request = toolCall('2026-07-28', 'kbp_token', 'get_page', { content_id: 'aaa111' });
    expect(request).toMatchObject({ method: 'POST', path: '/mcp' });
    expect(request.headers).toEqual({
      authorization: 'Bearer kbp_token', 'content-type': 'application/json', accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_page',
    });
    expect(JSON.parse(request.body!)).toEqual({
      jsonrpc: '2.0', id: 1, method: 'tools/call',
      params: {
        name: 'get_page', arguments: { content_id: 'aaa111' },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'kb-pages-bench', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
  });

  it('sends a 2025 call as the 1.x client does once connected: the version header and the bare call', () => {
    const request = toolCall('2025-11-25', 'kbp_token', 'get_base_info', {});
    expect(request.headers).toEqual({
      authorization: 'Bearer kbp_token', 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25',
    });
    expect(JSON.parse(request.body!)).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_base_info', arguments: {} } });
  });
});

describe('an MCP answer\'s result', () => {
  const result = { content: [{ type: 'text', text: '{"total":3}' }], structuredContent: { total: 3 } };

  it('reads the structured content from JSON and from an event stream', () => {
    expect(mcpResult(JSON.stringify({ jsonrpc: '2.0', id: 1, result }))).toEqual({ content: { total: 3 } });
    expect(mcpResult(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result })}\n\n`)).toEqual({ content: { total: 3 } });
  });

  it('refuses a tool error, a JSON-RPC error and a stream without a message', () => {
    const toolError = { isError: true, structuredContent: { error: { code: 'NOT_FOUND', message: 'No such page.' } } };
    expect(mcpResult(JSON.stringify({ jsonrpc: '2.0', id: 1, result: toolError }))).toEqual({ refused: expect.stringContaining('NOT_FOUND') });
    expect(mcpResult(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unknown tool' } }))).toEqual({ refused: 'JSON-RPC error: Unknown tool' });
    expect(mcpResult('event: message\n\n')).toEqual({ refused: 'an answer with no JSON-RPC message' });
  });
});

describe('the twins\' table', () => {
  const result = (p50Ms: number, p99Ms: number, requestsPerSecond: number) => ({ requestsPerSecond, p50Ms, p99Ms, requests: 1000, failures: 0, seconds: 5 });
  const rows: Row[] = [
    { name: 'info', result: result(2, 8, 4000), cpuMsPerRequest: 0.2, answerKiB: 0.1 },
    { name: 'MCP 2026: get_base_info', twinOf: 'info', result: result(5, 20, 1000), cpuMsPerRequest: 0.8, answerKiB: 0.4 },
  ];

  it('divides each MCP row by its REST row', () => {
    const [, , line, more] = twinsTable(rows).split('\n');
    expect(line).toBe('| MCP 2026: get_base_info | info | 2.00 | 5.00 | 2.50 | 2.50 | 0.200 | 0.800 | 4.00 | 0.250 | 0.1 | 0.4 |');
    expect(more).toBeUndefined();
  });
});
