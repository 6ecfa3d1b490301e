import { Controller, Delete, Get, Header, MethodNotAllowedException, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { McpAuthGuard, type McpRequest } from './mcp-auth.guard';
import { McpService } from './mcp.service';

const STATELESS = 'This MCP server is stateless: send each JSON-RPC message with POST /mcp.';

/** The MCP server (Streamable HTTP, stateless) for AI assistants, on an API key: ARCHITECTURE §10, SPEC "MCP". */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpService) {}

  @Post()
  @UseGuards(McpAuthGuard)
  async post(@Req() request: McpRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.mcp.answer(request, reply);
  }

  /** No server-sent stream and no session to end: 405, as the transport's specification asks of such a server. */
  @Get()
  @Header('Allow', 'POST')
  refuseStream(): never {
    throw new MethodNotAllowedException(STATELESS);
  }

  @Delete()
  @Header('Allow', 'POST')
  refuseEnd(): never {
    throw new MethodNotAllowedException(STATELESS);
  }
}
