import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_ROUTES, routeKey, type ApiRoute } from '@veo3/contracts/routes';
import { ErrorReply } from '@veo3/contracts/envelope';
import { PROBLEM_CONTENT_TYPE, V1_ROUTES, V1Problem, v1RouteKey, type V1Route } from '@veo3/contracts/public-api';

/** Routes that are not part of the contract: the OpenAPI document and its UI (the contract itself). */
const OUTSIDE_CONTRACT = /^\/api\/docs(\/|-json$|-yaml$|$)/;

const ROUTES = new Map((API_ROUTES as readonly ApiRoute[]).map((route) => [routeKey(route), route]));
const V1 = new Map((V1_ROUTES as readonly V1Route[]).map((route) => [v1RouteKey(route), route]));

/** The developer API's paths, checked against V1_ROUTES (problem details for errors). */
const isV1 = (path: string) => path === '/v1' || path.startsWith('/v1/');

/** The route a request matched, by method (HEAD answers as its GET) and Fastify's route pattern. */
export function contractRoute(method: string, routePattern: string | undefined): ApiRoute | undefined {
  if (!routePattern) return undefined;
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return ROUTES.get(`${m} ${routePattern}`);
}

function mediaType(header: unknown): string {
  return String(Array.isArray(header) ? header[0] : (header ?? ''))
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

function mediaMatches(actual: string, declared: string): boolean {
  const [type, subtype] = declared.toLowerCase().split('/');
  if (subtype === '*') return actual.startsWith(`${type}/`);
  return actual === declared.toLowerCase();
}

function issueSummary(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * What is wrong with a reply, by the contract; null when it matches. `body` is the payload as Fastify
 * is about to send it (a string or Buffer for JSON; a stream or a file for others).
 */
export function contractProblem(
  route: ApiRoute | undefined,
  method: string,
  status: number,
  contentType: string,
  body: unknown,
): string | null {
  // No route matched: only the router's JSON 404 (or 405) may answer.
  const replies: Readonly<Record<number, z.ZodType | null>> = route?.replies ?? { 404: ErrorReply, 405: ErrorReply };
  if (!route && !(status in replies)) return `status ${status} for a request that matched no route`;
  if (!(status in replies)) return `undeclared status ${status}`;
  const schema = replies[status];
  if (schema === undefined) return `undeclared status ${status}`;
  if (schema === null) {
    if (status === 304 || (status >= 300 && status < 400)) return null;
    const declared = route?.contentType;
    if (!declared) return `status ${status} declared without a body schema or content type`;
    if (!mediaMatches(contentType, declared)) return `content type ${contentType || '(none)'}, declared ${declared}`;
    return null;
  }
  // A route that answers JSON or, on request, a file of another type (the audit log as CSV).
  if (route?.contentType && mediaMatches(contentType, route.contentType)) return null;
  if (contentType !== 'application/json') return `content type ${contentType || '(none)'}, declared application/json`;
  return method.toUpperCase() === 'HEAD' ? null : jsonBodyProblem(schema, body);
}

/** What is wrong with a `/v1` reply by V1_ROUTES (JSON resources, problem details for errors); null when it matches. */
export function v1ContractProblem(
  route: V1Route | undefined,
  method: string,
  status: number,
  contentType: string,
  body: unknown,
): string | null {
  // No route matched: only the router's 404 (or 405) may answer, as a problem.
  const replies: Readonly<Record<number, { schema: z.ZodType | null }>> = route?.replies ?? {
    404: { schema: V1Problem },
    405: { schema: V1Problem },
  };
  const schema = replies[status]?.schema;
  if (schema === undefined) return `undeclared status ${status}`;
  const declared = status >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json';
  if (contentType !== declared) return `content type ${contentType || '(none)'}, declared ${declared}`;
  if (schema === null || method.toUpperCase() === 'HEAD') return null;
  return jsonBodyProblem(schema, body);
}

/** A JSON body (as Fastify is about to send it) against `schema`; null when it parses. */
function jsonBodyProblem(schema: z.ZodType, body: unknown): string | null {
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return 'a JSON reply that is not a string or buffer';
  let json: unknown;
  try {
    json = JSON.parse(body.toString());
  } catch {
    return 'a body that is not JSON';
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? null : issueSummary(parsed.error);
}

/** Replaces a reply that broke the contract with a 500 CONTRACT_VIOLATION, and logs it at error level. */
function violation(request: FastifyRequest, reply: FastifyReply, payload: unknown, problem: string): string {
  const line = `contract violation: ${request.method} ${request.routeOptions.url ?? request.url} ${reply.statusCode}: ${problem}`;
  request.log.error(line);
  if (payload instanceof Readable) payload.destroy();
  void reply.code(500).header('content-type', 'application/json; charset=utf-8').removeHeader('content-length');
  return JSON.stringify({ success: false, message: line.slice(0, 200), code: 'CONTRACT_VIOLATION' });
}

/**
 * Test-time check (CONTRACT_CHECK=1; never on in production): every /api reply, status, content type
 * and JSON body, against the route's declared schema in API_ROUTES (every /v1 reply against V1_ROUTES). A reply that does not match
 * becomes a 500 CONTRACT_VIOLATION, so the test that caused it fails.
 */
export function registerContractCheck(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0]!;
    if (isV1(path)) return checkV1(request, reply, payload);
    if (!path.startsWith('/api/') || OUTSIDE_CONTRACT.test(path)) return payload;
    const route = contractRoute(request.method, request.routeOptions.url);
    if (request.routeOptions.url && !route) {
      return violation(
        request,
        reply,
        payload,
        `route ${request.method} ${request.routeOptions.url} is not in API_ROUTES`,
      );
    }
    const problem = contractProblem(
      route,
      request.method,
      reply.statusCode,
      mediaType(reply.getHeader('content-type')),
      payload,
    );
    return problem ? violation(request, reply, payload, problem) : payload;
  });
}

/** The contract check of a `/v1` reply, against V1_ROUTES. */
function checkV1(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const pattern = request.routeOptions.url;
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  const route = pattern ? V1.get(`${method} ${pattern}`) : undefined;
  if (pattern && !route) {
    return violation(request, reply, payload, `route ${request.method} ${pattern} is not in V1_ROUTES`);
  }
  const contentType = mediaType(reply.getHeader('content-type'));
  const problem = v1ContractProblem(route, request.method, reply.statusCode, contentType, payload);
  return problem ? violation(request, reply, payload, problem) : payload;
}
