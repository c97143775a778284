// The two official MCP clients behind one small face, each with its own OAuth machinery: the
// current line (@modelcontextprotocol/client 2.x) and the 1.x line (@modelcontextprotocol/sdk)
// that many agents still ship. Both run the whole flow themselves (401, discovery, registration,
// PKCE, code exchange, refresh); the test only opens the URL they hand over and gives them the
// callback's query. Every HTTP request they make is written to `requests`.
import {
  Client as ClientV2, StreamableHTTPClientTransport as TransportV2, UnauthorizedError as UnauthorizedV2, auth as authV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError as UnauthorizedV1, auth as authV1, type OAuthClientProvider as ProviderV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import type { MemoryOAuthProvider } from './memory-provider';

export type SdkLine = 'client 2.x' | 'sdk 1.x';

export interface SeenRequest {
  method: string;
  /** The URL's path (and query). */
  path: string;
  status: number;
  /** grant_type of a token request. */
  grantType?: string;
  /** The scheme of the Authorization header, if any (Bearer, Basic). */
  authorization?: string;
}

/** What a test needs of a tool result, in the shape both SDKs give. */
export interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, any>;
  content?: Array<{ type: string; text?: string }>;
}

export interface McpConnection {
  toolNames(): Promise<string[]>;
  tools(): Promise<Array<{ name: string; annotations?: Record<string, unknown>; inputSchema: unknown; outputSchema?: unknown }>>;
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  readResource(uri: string): Promise<Array<{ uri: string; mimeType?: string; text?: string }>>;
  close(): Promise<void>;
}

export interface OAuthMcpClient {
  line: SdkLine;
  provider: MemoryOAuthProvider;
  requests: SeenRequest[];
  /**
   * Connects to /mcp. 'authorize' when the server asked for a sign-in (the SDK's
   * UnauthorizedError, after discovery and registration; the URL to open is in the provider).
   */
  connect(): Promise<McpConnection | 'authorize'>;
  /** Hands the callback's query to the SDK, which checks iss (2.x) and exchanges the code. */
  finishAuth(callback: URLSearchParams): Promise<void>;
  /** The SDK's own auth() without a code: with a refresh token at hand, a refresh. */
  reauthorize(): Promise<'AUTHORIZED' | 'REDIRECT'>;
}

/** A fetch that notes what it did. */
function recordingFetch(requests: SeenRequest[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const grantType = request.method === 'POST' && new URL(request.url).pathname.endsWith('/token')
      ? new URLSearchParams(await request.clone().text()).get('grant_type') ?? undefined
      : undefined;
    const response = await fetch(request);
    const url = new URL(request.url);
    const authorization = request.headers.get('authorization')?.split(' ')[0];
    requests.push({ method: request.method, path: url.pathname + url.search, status: response.status, ...(grantType ? { grantType } : {}), ...(authorization ? { authorization } : {}) });
    return response;
  };
}

function connection(client: { listTools(): Promise<{ tools: any[] }>; callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<any>; readResource(params: { uri: string }): Promise<{ contents: any[] }>; close(): Promise<void> }): McpConnection {
  return {
    async toolNames() {
      return (await client.listTools()).tools.map((tool) => tool.name).sort();
    },
    async tools() {
      return (await client.listTools()).tools;
    },
    call: (name, args = {}) => client.callTool({ name, arguments: args }),
    async readResource(uri) {
      return (await client.readResource({ uri })).contents;
    },
    close: () => client.close(),
  };
}

export function oauthMcpClient(line: SdkLine, mcpUrl: string, provider: MemoryOAuthProvider): OAuthMcpClient {
  const requests: SeenRequest[] = [];
  const fetchFn = recordingFetch(requests);
  const serverUrl = new URL(mcpUrl);
  const info = { name: `kb-pages e2e (${line})`, version: '1.0.0' };

  if (line === 'client 2.x') {
    let pending: TransportV2 | undefined;
    return {
      line, provider, requests,
      async connect() {
        const transport = new TransportV2(serverUrl, { authProvider: provider, fetch: fetchFn });
        const client = new ClientV2(info);
        try {
          await client.connect(transport);
        } catch (error) {
          if (!(error instanceof UnauthorizedV2)) throw error;
          pending = transport;
          return 'authorize';
        }
        return connection(client);
      },
      async finishAuth(callback) {
        if (!pending) throw new Error('no sign-in under way');
        await pending.finishAuth(callback);
        pending = undefined;
      },
      reauthorize: () => authV2(provider, { serverUrl, fetchFn }),
    };
  }

  // 1.x has its own copy of the provider interface; the in-memory provider fits it.
  const providerV1 = provider as unknown as ProviderV1;
  let pending: TransportV1 | undefined;
  return {
    line, provider, requests,
    async connect() {
      const transport = new TransportV1(serverUrl, { authProvider: providerV1, fetch: fetchFn });
      const client = new ClientV1(info);
      try {
        await client.connect(transport);
      } catch (error) {
        if (!(error instanceof UnauthorizedV1)) throw error;
        pending = transport;
        return 'authorize';
      }
      return connection(client as never);
    },
    async finishAuth(callback) {
      if (!pending) throw new Error('no sign-in under way');
      // 1.x takes the code only (it predates RFC 9207's iss check).
      const code = callback.get('code');
      if (!code) throw new Error(`the callback carries no code: ${callback}`);
      await pending.finishAuth(code);
      pending = undefined;
    },
    reauthorize: () => authV1(providerV1, { serverUrl, fetchFn }),
  };
}
