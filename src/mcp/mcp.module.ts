// The MCP server at /mcp: the REST API's operations as tools and its pages as resources, for MCP
// clients signed in with OAuth or given an API token.
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DocsModule } from '../docs/docs.module';
import { PagesModule } from '../pages/pages.module';
import { SearchModule } from '../search/search.module';
import { TreeModule } from '../tree/tree.module';
import { McpController } from './mcp.controller';
import { McpEndpoint } from './mcp-endpoint';
import { McpServers } from './mcp-servers';
import { McpTools } from './mcp-tools';

@Module({
  imports: [AuthModule, DocsModule, PagesModule.withSearchIndex(SearchModule), SearchModule, TreeModule],
  controllers: [McpController],
  providers: [McpTools, McpServers, McpEndpoint],
})
export class McpModule {}
