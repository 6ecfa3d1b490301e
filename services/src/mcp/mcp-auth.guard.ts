import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiCaller } from '../api-keys/api-key-caller';
import { ApiKeyAuthenticator, ApiRateLimited } from '../api-keys/api-key-authenticator';

export type McpRequest = FastifyRequest & { apiCaller: ApiCaller };

/**
 * POST /mcp takes an API key (`Authorization: Bearer v3s_…`) and nothing else, checked before the MCP
 * handshake: an unknown, revoked or missing key, or a browser session token, is a 401 that says how to
 * authenticate (`WWW-Authenticate: Bearer`, RFC 6750 and MCP's authorization rules); then the key's
 * rate limit (429 with Retry-After). Scopes are each tool's to check.
 */
@Injectable()
export class McpAuthGuard implements CanActivate {
  constructor(private readonly keys: ApiKeyAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<McpRequest>();
    const reply = http.getResponse<FastifyReply>();
    try {
      request.apiCaller = await this.keys.authenticate(request.headers.authorization);
    } catch (error) {
      void reply.header('WWW-Authenticate', 'Bearer realm="mcp"');
      throw error;
    }
    try {
      await this.keys.limit(request.apiCaller);
    } catch (error) {
      if (error instanceof ApiRateLimited) void reply.header('Retry-After', error.retryAfterSeconds);
      throw error;
    }
    return true;
  }
}
