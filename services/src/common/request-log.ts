import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { traceFields } from '../http/request-tracing';

/** What the metrics take of each answered request (http-metrics.ts). */
export type RequestCompleted = (
  method: string,
  route: string | undefined,
  statusCode: number,
  elapsedMs: number,
) => void;

/**
 * Fastify's per-request lines: one line once answered, with only the fields an operator reads.
 * The metrics count each request here too (`countWith`), reading the route and the time once for
 * both: a Fastify onResponse hook of their own cost a tenth of the cheapest reply.
 */
export class RequestLogController extends LogController {
  private counted: RequestCompleted | null = null;

  constructor(private readonly logging: boolean) {
    super();
  }

  countWith(completed: RequestCompleted): void {
    this.counted = completed;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // The route's pattern, not the URL: no ids or query strings in the log or the labels.
    const route = request.routeOptions.url;
    // Fastify's own 404 (no route matched) is one `unmatched` label.
    this.counted?.(request.method, request.is404 ? undefined : route, reply.statusCode, reply.elapsedTime);
    if (!this.logging) return;
    const line = {
      method: request.method,
      route: route ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      // With tracing on, the line and the request's trace find each other.
      ...traceFields(request),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

const requestLogs = new WeakMap<FastifyInstance, RequestLogController>();

/** The request log of a Fastify instance made with `loggerOptions`. */
export function requestLogOf(fastify: FastifyInstance): RequestLogController {
  const log = requestLogs.get(fastify);
  if (!log) throw new Error('this Fastify instance has no RequestLogController (see loggerOptions)');
  return log;
}

/** Ties a Fastify instance to the request log it was made with, for `requestLogOf`. */
export function withRequestLog(fastify: FastifyInstance, log: RequestLogController): FastifyInstance {
  requestLogs.set(fastify, log);
  return fastify;
}

/**
 * Fastify's logger options: JSON lines (with the request id, `reqId`) written to stdout
 * asynchronously, lines gathered while a write is under way going out together in the next, and
 * flushed on exit, so a request never waits on a write (a worker-thread transport cost more: a
 * thread wake-up per line); and one line per request instead of Fastify's two (with their request
 * and response serializers). At `silent` a logger is still made when `counting` (metrics on): Fastify
 * tells its log controller of an answered request only when it has a logger.
 */
export function loggerOptions(
  level: string,
  counting: boolean,
): { options: Pick<FastifyServerOptions, 'logger' | 'logController'>; requestLog: RequestLogController } {
  const requestLog = new RequestLogController(level !== 'silent');
  if (level === 'silent')
    return { options: { logger: counting ? { level } : false, logController: requestLog }, requestLog };
  return {
    options: { logger: { level, stream: pino.destination({ dest: 1, sync: false }) }, logController: requestLog },
    requestLog,
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
