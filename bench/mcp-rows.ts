// The MCP rows: a tool call at /mcp beside the REST request it stands for, measured right after that
// REST row, with the same pages, query or body. Each call is one POST of a JSON-RPC tools/call, as
// the official clients send it once connected:
// - 2026-07-28 (@modelcontextprotocol/client 2.x): MCP-Protocol-Version, Mcp-Method and Mcp-Name
//   headers, and the revision, the client's info and capabilities in the request's _meta; the
//   answer is JSON.
// - 2025 (@modelcontextprotocol/sdk 1.x, served statelessly): MCP-Protocol-Version 2025-11-25 and
//   the bare call; the answer is an event stream of one message. The client's initialize and
//   notifications/initialized, once a connection, are not part of a row.
import type { BenchOperation, BenchRequest } from './load';
import { DETAIL_ANOTHER_PAGE } from './operations';

export const MCP_PATH = '/mcp';
export type McpRevision = '2026-07-28' | '2025-11-25';
export const MCP_REVISIONS: McpRevision[] = ['2026-07-28', '2025-11-25'];

const CLIENT_INFO = { name: 'kb-pages-bench', version: '1.0.0' };

/**
 * One tools/call as the official client of `revision` sends it. The token rides in the request's
 * own headers: the load generator sends a sequence's later requests with their own headers only.
 */
export function toolCall(revision: McpRevision, token: string, name: string, args: Record<string, unknown>): BenchRequest {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': revision,
  };
  const params: Record<string, unknown> = { name, arguments: args };
  if (revision === '2026-07-28') {
    headers['mcp-method'] = 'tools/call';
    headers['mcp-name'] = name;
    params._meta = {
      'io.modelcontextprotocol/protocolVersion': revision,
      'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
      'io.modelcontextprotocol/clientCapabilities': {},
    };
  }
  return { method: 'POST', path: MCP_PATH, headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }) };
}

/** The tool standing for a REST row, and its arguments for each request of that row. */
interface Twin {
  tool: string;
  /** A short name for the row: the tool and what it reads. */
  label: string;
  args(request: BenchRequest): Record<string, unknown>;
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const query = (path: string) => new URL(path, 'http://bench').searchParams;

/** The REST rows that get MCP twins, by name (a search row by its prefix). */
function twinOf(restRow: string): Twin | undefined {
  if (restRow === 'info') return { tool: 'get_base_info', label: 'get_base_info', args: () => ({}) };
  if (restRow === 'list limit=100') {
    return { tool: 'list_pages', label: 'list_pages limit=100', args: (r) => ({ limit: Number(query(r.path).get('limit')) }) };
  }
  if (restRow === DETAIL_ANOTHER_PAGE) {
    return { tool: 'get_page', label: 'get_page (another page each time)', args: (r) => ({ content_id: lastSegment(r.path) }) };
  }
  if (restRow.startsWith('search common English')) {
    return {
      tool: 'search_pages', label: `search_pages ${restRow.slice('search common English '.length)}`,
      args: (r) => ({ q: query(r.path).get('q'), limit: Number(query(r.path).get('limit')) }),
    };
  }
  if (restRow === 'create') return { tool: 'create_page', label: 'create_page', args: (r) => JSON.parse(r.body!) as Record<string, unknown> };
  return undefined;
}

/**
 * `operations` with, right after each REST row that has a tool, that tool's rows: one per
 * revision, sending the same pages in the same order. Back to back, so the machine's speed, which
 * moves by up to 2x within minutes, moves both alike.
 */
export function withMcpTwins(operations: BenchOperation[], token: string): BenchOperation[] {
  return operations.flatMap((operation) => {
    const twin = twinOf(operation.name);
    if (!twin) return [operation];
    return [operation, ...MCP_REVISIONS.map((revision): BenchOperation => ({
      name: `MCP ${revision.slice(0, 4)}: ${twin.label}`,
      // A tool error is a 200 as well: the probe checks the first answer's result (mcpResult).
      expect: 200,
      sequence: operation.sequence.map((request) => toolCall(revision, token, twin.tool, twin.args(request))),
      twinOf: operation.name,
      mcp: true,
    }))];
  });
}

/**
 * The result of an MCP answer, JSON or an event stream of one message: its structured content, or
 * why it is not a successful tool result.
 */
export function mcpResult(text: string): { content: unknown } | { refused: string } {
  const json = text.startsWith('{') ? text : text.split('\n').find((line) => line.startsWith('data: '))?.slice('data: '.length);
  if (json === undefined) return { refused: 'an answer with no JSON-RPC message' };
  const message = JSON.parse(json) as { error?: { message?: string }; result?: { isError?: boolean; structuredContent?: unknown } };
  if (message.error) return { refused: `JSON-RPC error: ${message.error.message ?? ''}` };
  if (!message.result) return { refused: 'a JSON-RPC message with no result' };
  if (message.result.isError) return { refused: `a tool error: ${JSON.stringify(message.result.structuredContent)}` };
  return { content: message.result.structuredContent };
}
