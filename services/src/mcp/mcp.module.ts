import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { PublicApiModule } from '../public-api/public-api.module';
import { McpAuthGuard } from './mcp-auth.guard';
import { McpController } from './mcp.controller';
import { McpService } from './mcp.service';

/** `/mcp`: the developer API's videos and credits as MCP tools, for AI assistants holding an API key. */
@Module({
  imports: [ApiKeysModule, PublicApiModule],
  controllers: [McpController],
  providers: [McpService, McpAuthGuard],
})
export class McpModule {}
