import type { OpenAPIObject } from '@nestjs/swagger';
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from '@veo3/contracts/routes';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown> & {
  parameters?: Record<string, unknown>[];
  responses?: Record<string, unknown>;
  requestBody?: unknown;
};

/** A zod schema as an OpenAPI 3.1 schema object, JSON Schema 2020-12 (`io`: the request or the reply side of transforms). */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** '/api/video/status/:taskId' → '/api/video/status/{taskId}' (OpenAPI's path template). */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  206: 'Partial content (a byte range)',
  302: 'Redirect (to a presigned storage URL)',
  304: 'Not modified',
  400: 'Bad request',
  401: 'Not signed in',
  402: 'Not enough credits',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Cannot be served',
  429: 'Too many requests',
  502: 'Upstream provider failed',
  503: 'Unavailable',
};

function replyObject(route: ApiRoute, status: number, schema: z.ZodType | null): Record<string, unknown> {
  const description = STATUS_TEXT[status] ?? `HTTP ${status}`;
  if (schema) return { description, content: { 'application/json': { schema: openApiSchema(schema, 'output') } } };
  // 304 and redirects carry no body; other non-JSON replies carry the route's media type.
  if (status === 304 || (status >= 300 && status < 400)) return { description };
  return {
    description,
    content: { [route.contentType ?? 'application/octet-stream']: { schema: { type: 'string', format: 'binary' } } },
  };
}

function objectProperties(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  return {
    properties: (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
    required: (schema.required as string[] | undefined) ?? [],
  };
}

function parameters(route: ApiRoute): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = [];
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = route.params ? objectProperties(openApiSchema(route.params, 'input')).properties : {};
  for (const name of names) list.push({ name, in: 'path', required: true, schema: params[name] ?? { type: 'string' } });
  if (route.query) {
    const { properties, required } = objectProperties(openApiSchema(route.query, 'input'));
    for (const [name, schema] of Object.entries(properties))
      list.push({ name, in: 'query', required: required.includes(name), schema });
  }
  return list;
}

function requestBody(route: ApiRoute): Record<string, unknown> | undefined {
  if (route.multipart) {
    const fields = route.body ? objectProperties(openApiSchema(route.body, 'input')) : { properties: {}, required: [] };
    const properties: Record<string, JsonSchema> = { ...fields.properties };
    for (const file of route.files ?? []) properties[file] = { type: 'string', format: 'binary' };
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, required: fields.required } } },
    };
  }
  if (route.body)
    return { required: true, content: { 'application/json': { schema: openApiSchema(route.body, 'input') } } };
  return undefined;
}

/**
 * Fills the document Nest generated with the contract (API_ROUTES): every route's parameters, request
 * body (JSON or multipart, file fields as binary) and one reply per status it declares, from the same
 * zod schemas the service validates with. Routes Nest left out (excluded from the docs) are added.
 */
export function fillOpenApiFromContract(document: OpenAPIObject): OpenAPIObject {
  // The schemas are JSON Schema 2020-12, which is what OpenAPI 3.1 schema objects are.
  document.openapi = '3.1.0';
  document.paths ??= {};
  for (const route of API_ROUTES as readonly ApiRoute[]) {
    const path = openApiPath(route.path);
    const item = (document.paths[path] ??= {}) as Record<string, Operation>;
    const method = route.method.toLowerCase();
    const operation: Operation = (item[method] ??= { operationId: `${method} ${route.path}` } as Operation);
    const declared = parameters(route);
    const others = (operation.parameters ?? []).filter(
      (p) => !declared.some((d) => d.name === p.name && d.in === p.in) && p.in !== 'path' && p.in !== 'query',
    );
    if (declared.length || others.length) operation.parameters = [...declared, ...others];
    else delete operation.parameters;
    const body = requestBody(route);
    if (body) operation.requestBody = body;
    else delete operation.requestBody;
    operation.responses = Object.fromEntries(
      Object.entries(route.replies).map(([status, schema]) => [status, replyObject(route, Number(status), schema)]),
    );
    if (route.auth) operation.security = route.auth === 'required' ? [{ bearer: [] }] : [{}, { bearer: [] }];
  }
  return document;
}
