import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../common/http-exception.filter';

/**
 * Fastify's `frameworkErrors`: the router's refusals (a malformed URL...) answered before any hook or
 * Nest, so in the one error shape here, with the security headers the hooks would have added. The
 * message never quotes the URL.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode ?? 400;
    const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : (STATUS_CODES[status] ?? 'Bad request');
    void reply.status(status).headers(headers).header('Cache-Control', 'no-store').send(errorBody(status, message));
  };
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser rejects (headers too large, a bad
 * Content-Length...) never become requests, so the reply is written to the socket, in the one shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timed out']
        : [400, 'Malformed request'];
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  // Closed gracefully, what the client is still sending read and dropped: destroying at once with
  // its bytes unread sends a TCP reset, which on Node 24 reaches the client before the reply does
  // (it sees ECONNRESET, not the 431). A client that never stops sending is cut off after a second.
  socket.resume();
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}

/** How long a rejected connection may go on sending before it is destroyed. */
const CLOSE_GRACE_MS = 1_000;
