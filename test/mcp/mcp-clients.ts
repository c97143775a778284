// The official MCP clients, connected to a service's /mcp with a bearer token: the 2.x client
// (@modelcontextprotocol/client) speaking the 2026-07-28 revision, and the 1.x client
// (@modelcontextprotocol/sdk) speaking the 2025 revision, which /mcp serves statelessly. One
// face for both, so every test runs with each.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface McpFace {
  listTools(): Promise<{ tools: any[] }>;
  callTool(name: string, args?: Record<string, unknown>): Promise<any>;
  listResources(cursor?: string): Promise<{ resources: any[]; nextCursor?: string }>;
  listResourceTemplates(): Promise<{ resourceTemplates: any[] }>;
  readResource(uri: string): Promise<{ contents: any[] }>;
  protocolVersion(): string | undefined;
  close(): Promise<void>;
}

export type ClientKind = 'client 2.x (2026-07-28)' | 'sdk 1.x (2025)';
export const clientKinds: ClientKind[] = ['client 2.x (2026-07-28)', 'sdk 1.x (2025)'];

const info = { name: 'kb-pages-test', version: '1.0.0' };

export async function connect(kind: ClientKind, url: string, token: string | null): Promise<McpFace> {
  const requestInit = token === null ? undefined : { headers: { Authorization: `Bearer ${token}` } };
  if (kind === 'client 2.x (2026-07-28)') {
    const client = new ClientV2(info, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const transport = new TransportV2(new URL(url), { requestInit });
    await client.connect(transport);
    return {
      listTools: () => client.listTools(),
      callTool: (name, args) => client.callTool({ name, arguments: args }),
      listResources: (cursor) => client.listResources(cursor === undefined ? undefined : { cursor }),
      listResourceTemplates: () => client.listResourceTemplates(),
      readResource: (uri) => client.readResource({ uri }),
      protocolVersion: () => client.getNegotiatedProtocolVersion?.() ?? undefined,
      close: () => client.close(),
    };
  }
  const client = new ClientV1(info);
  const transport = new TransportV1(new URL(url), { requestInit });
  await client.connect(transport);
  return {
    listTools: () => client.listTools(),
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    listResources: (cursor) => client.listResources(cursor === undefined ? undefined : { cursor }),
    listResourceTemplates: () => client.listResourceTemplates(),
    readResource: (uri) => client.readResource({ uri }),
    protocolVersion: () => transport.protocolVersion,
    close: () => client.close(),
  };
}
