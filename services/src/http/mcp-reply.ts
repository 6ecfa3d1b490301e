import type { ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON-RPC error written when the transport failed before it answered (the SDK's own stateless example). */
const INTERNAL_ERROR = JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });

/**
 * Answers one POST /mcp with `server`, through the MCP SDK's Streamable HTTP transport in stateless
 * mode (no session: a server and a transport per request) with plain JSON replies. The reply is taken
 * out of Fastify (hijack): the transport writes its own head and body to the socket, with the headers
 * the hooks set before it (security headers). No onSend hook or request log line sees it, so one line
 * is logged here when it ends.
 */
export async function sendMcpReply(request: FastifyRequest, reply: FastifyReply, server: McpServer): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
  raw.setHeader('cache-control', 'no-store');
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const opened = Date.now();
  raw.on('close', () => {
    void transport.close();
    void server.close();
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: raw.statusCode,
        durationMs: Date.now() - opened,
      },
      'mcp',
    );
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, raw, request.body);
  } catch (error) {
    request.log.error({ err: error }, 'mcp request failed');
    failed(raw);
  }
}

function failed(raw: ServerResponse): void {
  if (raw.headersSent) raw.destroy();
  else raw.writeHead(500, { 'content-type': 'application/json' }).end(INTERNAL_ERROR);
}
