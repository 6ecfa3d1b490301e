import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes a reply out of Fastify (hijack) and sends the headers of a `text/event-stream`, for a stream
 * written to the socket for as long as it lasts. The hooks that run after the handler (onSend, the
 * request log line) never see it: the caller logs its own line when the stream ends.
 */
export function startEventStreamReply(reply: FastifyReply, keepAliveMs: number): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    // What the hooks set so far (security headers); the hijacked reply skips the rest.
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.flushHeaders();
  raw.socket?.setNoDelay(true);
  raw.socket?.setKeepAlive(true, keepAliveMs);
  return raw;
}
