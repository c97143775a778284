// One MCP server per request, for the request's access (stateless: any process answers any
// request). A read token is offered no write tool. At each call the REST rules run again, in
// REST's order and words (access-rules.ts), then the arguments meet the REST DTOs, then the REST
// operation's service answers: a refusal is a tool error carrying the REST error envelope.
import { Injectable, Logger } from '@nestjs/common';
import {
  McpServer, ProtocolError, ProtocolErrorCode, ResourceTemplate,
  type CallToolResult, type ListResourcesResult, type ReadResourceResult, type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import type { Access } from '../auth/access';
import { translateDatabaseError } from '../database/db-errors';
import { ApiDocuments } from '../docs/api-documents';
import type { SchemaObject } from '../docs/json-schema-2020';
import { API_VERSION } from '../docs/openapi-document';
import type { ErrorCode } from '../errors/error-codes';
import type { GrantedAccess } from '../http/decorators/current-access';
import { bindsBase, existingBase, ownerOnly, scopeAllows } from '../http/guards/access-rules';
import { validationPipe } from '../http/validation';
import { PagesService } from '../pages/pages.service';
import type { ContentType } from '../vocabulary';
import { McpTools, type McpTool, type ToolAnswer } from './mcp-tools';
import { ToolSchemas } from './tool-schemas';

export const PAGE_URI_TEMPLATE = 'kb://{base_id}/pages/{content_id}';
export const pageUri = (baseId: string, contentId: string): string => `kb://${baseId}/pages/${contentId}`;

/** Pages a resources/list answer names at most; its nextCursor goes on. */
export const RESOURCES_PER_LIST = 100;

const mimeTypes: Record<ContentType, string> = { M: 'text/markdown', T: 'text/plain', H: 'text/html' };

/** The SDK takes a Standard Schema: this one lets every value through to the DTO's validation, which words the refusal as REST does. */
function describedBy(schema: SchemaObject): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'kb-pages',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => schema, output: () => schema },
    },
  };
}

const INTERNAL_MESSAGE = 'The service failed to answer this request; the failure has been logged.';

@Injectable()
export class McpServers {
  private readonly logger = new Logger('McpServers');
  private readonly pipe = validationPipe();
  private schemas?: { tools: Map<string, { input: StandardSchemaWithJSON; output: StandardSchemaWithJSON }> };

  constructor(
    private readonly documents: ApiDocuments,
    private readonly tools: McpTools,
    private readonly pages: PagesService,
  ) {}

  serverFor(access: Access): McpServer {
    // Its version is the REST contract's: the tools answer what the REST API v1 answers.
    const server = new McpServer({ name: 'kb-pages', title: 'kb-pages', version: API_VERSION }, {
      instructions: `Pages of the knowledge base "${access.baseId}": read them, search them and, with a write grant, create, change and delete them. Each page is also the resource ${pageUri(access.baseId, '{content_id}')}.`,
    });
    const schemas = this.toolSchemas();
    for (const tool of this.tools.all) {
      if (tool.scope === 'write' && access.scope !== 'write') continue;
      const { input, output } = schemas.get(tool.name)!;
      server.registerTool(tool.name, {
        title: tool.title, description: tool.description, annotations: { title: tool.title, ...tool.annotations },
        inputSchema: input, outputSchema: output,
      }, (args: unknown) => this.call(tool, access, args));
    }
    server.registerResource('page', new ResourceTemplate(PAGE_URI_TEMPLATE, { list: undefined }), {
      title: 'Page', description: 'A page\'s body: Markdown (text/markdown), text (text/plain) or sanitized HTML (text/html).',
    }, (uri, variables) => this.readPage(access, uri, variables));
    // The SDK's own list gives no cursor: a base of 100,000 pages is named a window at a time.
    server.server.setRequestHandler('resources/list', (request) => this.listPages(access, request.params?.cursor));
    return server;
  }

  private toolSchemas() {
    if (!this.schemas) {
      const schemas = new ToolSchemas(this.documents.openApi);
      this.schemas = { tools: new Map(this.tools.all.map((tool) => [tool.name, { input: describedBy(tool.inputSchema(schemas)), output: describedBy(tool.outputSchema(schemas)) }])) };
    }
    return this.schemas.tools;
  }

  private async call(tool: McpTool, access: Access, args: unknown): Promise<CallToolResult> {
    try {
      existingBase(access);
      ownerOnly(access);
      scopeAllows(access, tool.scope);
      const input: unknown = tool.arguments ? await this.pipe.transform(args ?? {}, { type: 'body', metatype: tool.arguments }) : undefined;
      return answered(await tool.answer(access as GrantedAccess, input));
    } catch (error) {
      const [code, message] = this.describe(error, `tool ${tool.name}`);
      const envelope = { error: { code, message } };
      return { isError: true, structuredContent: envelope, content: [{ type: 'text', text: JSON.stringify(envelope) }] };
    }
  }

  private async readPage(access: Access, uri: URL, variables: Record<string, string | string[]>): Promise<ReadResourceResult> {
    try {
      bindsBase(access, variables.base_id);
      const base = existingBase(access);
      ownerOnly(access);
      const page = await this.pages.detail(access.baseId, String(variables.content_id), { outlineVersion: base.outlineVersion, stamp: access.stamp });
      return { contents: [{ uri: uri.href, mimeType: mimeTypes[page.type], text: page.body }] };
    } catch (error) {
      throw this.protocolError(error, 'resource read');
    }
  }

  private async listPages(access: Access, cursor: string | undefined): Promise<ListResourcesResult> {
    try {
      const base = existingBase(access);
      ownerOnly(access);
      const offset = cursor === undefined ? 0 : offsetOf(cursor);
      const { pages, total } = await this.pages.list(access.baseId, { offset, limit: RESOURCES_PER_LIST }, base.outlineVersion);
      const next = offset + pages.length;
      return {
        resources: pages.map((page) => ({ uri: pageUri(access.baseId, page.contentId), name: page.title, title: page.title, mimeType: mimeTypes[page.type] })),
        ...(next < total && pages.length > 0 ? { nextCursor: String(next) } : {}),
      };
    } catch (error) {
      throw this.protocolError(error, 'resource list');
    }
  }

  /** A refusal of a resource request: JSON-RPC has no tool error there, so the envelope rides in the error's data. */
  private protocolError(error: unknown, what: string): ProtocolError {
    if (error instanceof ProtocolError) return error;
    const [code, message] = this.describe(error, what);
    const rpcCode = code === 'INTERNAL_ERROR' || code === 'SERVICE_UNAVAILABLE' ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams;
    return new ProtocolError(rpcCode, message, { error: { code, message } });
  }

  private describe(error: unknown, what: string): [ErrorCode, string] {
    const domain = translateDatabaseError(error);
    if (domain) return [domain.code, domain.message];
    this.logger.error({ msg: `MCP ${what} failed`, err: error });
    return ['INTERNAL_ERROR', INTERNAL_MESSAGE];
  }
}

function answered({ body, text }: ToolAnswer): CallToolResult {
  return { structuredContent: body as Record<string, unknown>, content: [{ type: 'text', text: text ?? JSON.stringify(body) }] };
}

/** A cursor is the offset of the next window; anything else is the client's mistake. */
function offsetOf(cursor: string): number {
  if (!/^\d{1,15}$/.test(cursor)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'The cursor is not one this server gave.');
  return Number(cursor);
}
