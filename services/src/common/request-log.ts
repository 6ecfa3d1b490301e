import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { traceFields } from '../http/request-tracing';

/** Fastify's per-request lines: one line once answered, with only the fields an operator reads. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      // The route's pattern, not the URL: no ids or query strings in the log.
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      // With tracing on, the line and the request's trace find each other.
      ...traceFields(request),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/**
 * Fastify's logger options: JSON lines (with the request id, `reqId`) written to stdout
 * asynchronously, lines gathered while a write is under way going out together in the next, and
 * flushed on exit, so a request never waits on a write (a worker-thread transport cost more: a
 * thread wake-up per line); and one line per request instead of Fastify's two (with their request
 * and response serializers).
 */
export function loggerOptions(level: string): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (level === 'silent') return { logger: false };
  return {
    logger: { level, stream: pino.destination({ dest: 1, sync: false }) },
    logController: new RequestLogController(),
  };
}

/** An `x-request-id` as proxies write them: a UUID or a hex or base64url token, nothing a log line could be bent by. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{16,100}$/;

/**
 * The request id (the log's `reqId`, the audit trail's `request_id`): unique across processes, so
 * a random UUID, or the `x-request-id` a trusted proxy in front passed on (TRUST_PROXY set), so the
 * proxy's log and ours name a request alike. Fastify's own is a per-process counter.
 */
export function requestIds(trustCaller: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers['x-request-id'];
    return trustCaller && typeof given === 'string' && CALLER_REQUEST_ID.test(given) ? given : randomUUID();
  };
}
