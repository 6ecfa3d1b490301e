/**
 * The OpenAPI 3.1 document of the developer API, built from V1_ROUTES alone (zod 4's JSON Schema,
 * which is what OpenAPI 3.1 schema objects are): served at GET /v1/openapi.json and written by
 * `npm run lint:openapi` (scripts/openapi-v1.mjs) for Redocly's lint, without a server.
 */
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  PROBLEM_CONTENT_TYPE,
  V1_AUTH_EXAMPLE,
  V1_COMPONENTS,
  V1_ROUTES,
  V1_TAGS,
  type V1Header,
  type V1Reply,
  type V1Route,
} from './public-api';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

export interface V1OpenApiOptions {
  /** The site's public origin (SITE_URL): the server, and the docs' links. */
  siteUrl: string;
  /** The contract's version (contracts/package.json). */
  version: string;
  /** Where developers write to. */
  contactEmail: string;
}

/** Request-side components; every other one is a reply's. */
const INPUT_COMPONENTS = new Set(['CreateVideoRequest', 'CreateVideoForm']);
const COMPONENT_NAMES = new Map<unknown, string>(Object.entries(V1_COMPONENTS).map(([name, s]) => [s, name]));
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `schema` as JSON Schema 2020-12, each component inside it (not itself) as a $ref. */
function jsonSchema(schema: z.ZodType, io: Io): Json {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: out }) => {
      const name = COMPONENT_NAMES.get(zodSchema);
      if (!name || zodSchema === (schema as unknown)) return;
      for (const key of Object.keys(out)) delete (out as Json)[key];
      Object.assign(out, ref(name));
    },
  }) as Json;
  delete json.$schema;
  return json;
}

/** A component by reference, any other schema written out. */
const schemaOf = (schema: z.ZodType, io: Io): Json => {
  const name = COMPONENT_NAMES.get(schema);
  return name ? ref(name) : jsonSchema(schema, io);
};

function objectProperties(schema: z.ZodType): { properties: Record<string, Json>; required: string[] } {
  const json = jsonSchema(schema, 'input');
  return { properties: (json.properties as Record<string, Json>) ?? {}, required: (json.required as string[]) ?? [] };
}

/** A parameter: its description moved out of the schema, where OpenAPI shows it. */
function parameter(name: string, where: 'path' | 'query', schema: Json, required: boolean, example: unknown): Json {
  const { description, ...rest } = schema;
  return { name, in: where, required, description, schema: rest, ...(example === undefined ? {} : { example }) };
}

const headerParameter = (header: V1Header): Json => ({
  name: header.name,
  in: 'header',
  required: false,
  description: header.description,
  schema: header.schema,
  example: header.example,
});

function parameters(route: V1Route): Json[] {
  const list: Json[] = [];
  if (route.params) {
    const { properties } = objectProperties(route.params);
    for (const [name, schema] of Object.entries(properties))
      list.push(parameter(name, 'path', schema, true, route.example?.params?.[name]));
  }
  if (route.query) {
    const { properties, required } = objectProperties(route.query);
    for (const [name, schema] of Object.entries(properties))
      list.push(parameter(name, 'query', schema, required.includes(name), route.example?.query?.[name]));
  }
  for (const header of route.headers ?? []) list.push(headerParameter(header));
  return list;
}

function requestBody(route: V1Route): Json | undefined {
  const content: Json = {};
  if (route.body) content['application/json'] = { schema: schemaOf(route.body, 'input'), example: route.example?.body };
  if (route.form)
    content['multipart/form-data'] = { schema: schemaOf(route.form.schema, 'input'), example: route.example?.form };
  return Object.keys(content).length ? { required: true, content } : undefined;
}

function response(status: number, reply: V1Reply): Json {
  const headers = reply.headers?.length
    ? Object.fromEntries(
        reply.headers.map((h) => [h.name, { description: h.description, schema: h.schema, example: h.example }]),
      )
    : undefined;
  const media = status >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json';
  return {
    description: reply.description,
    ...(headers ? { headers } : {}),
    ...(reply.schema
      ? {
          content: {
            [media]: {
              schema: schemaOf(reply.schema, 'output'),
              ...(reply.example === undefined ? {} : { example: reply.example }),
            },
          },
        }
      : {}),
  };
}

function operation(route: V1Route): Json {
  const body = requestBody(route);
  const params = parameters(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [...route.tags],
    security: route.scopes === null ? [] : [{ bearerAuth: [...route.scopes] }],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: Object.fromEntries(
      Object.entries(route.replies).map(([status, reply]) => [status, response(Number(status), reply)]),
    ),
  };
}

/** The components: each named schema, the multipart form with its file fields as binary strings. */
function components(): Json {
  const schemas: Json = {};
  for (const [name, schema] of Object.entries(V1_COMPONENTS)) {
    schemas[name] = jsonSchema(schema, INPUT_COMPONENTS.has(name) ? 'input' : 'output');
  }
  for (const route of V1_ROUTES as readonly V1Route[]) {
    const name = route.form && COMPONENT_NAMES.get(route.form.schema);
    if (!name) continue;
    const form = schemas[name] as { properties: Json; required?: string[] };
    for (const file of route.form!.files)
      form.properties[file] = {
        type: 'string',
        format: 'binary',
        description: 'The first frame (JPEG, PNG, GIF or WebP)',
      };
  }
  return schemas;
}

const DESCRIPTION = `Make AI videos with synchronized audio from a prompt or a first frame, on your account's credits.

Every request carries an API key (\`${V1_AUTH_EXAMPLE}\`), made on your account page with the scopes it needs
(\`videos:write\`, \`videos:read\`, \`credits:read\`) and optionally a monthly credit cap. Replies are plain JSON
resources; errors are RFC 9457 problem details (\`${PROBLEM_CONTENT_TYPE}\`) whose \`code\` is stable to switch on.
Each key may make a limited number of requests a minute (429 with \`Retry-After\` beyond it). Creates take an
\`${IDEMPOTENCY_KEY_HEADER}\` header, so a retried request never pays twice. This document is served at
\`/v1/openapi.json\`.`;

/** The OpenAPI 3.1 document of `/v1`, from V1_ROUTES. */
export function buildV1OpenApi({ siteUrl, version, contactEmail }: V1OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  for (const route of V1_ROUTES as readonly V1Route[]) {
    if (route.documented === false) continue;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Veo 3 Studio API',
      version,
      description: DESCRIPTION,
      contact: { name: 'Veo 3 Studio developer support', email: contactEmail, url: `${siteUrl}/developers` },
      license: { name: 'Veo 3 Studio Terms of Service', url: `${siteUrl}/terms-of-service` },
    },
    servers: [{ url: siteUrl, description: 'Veo 3 Studio' }],
    security: [{ bearerAuth: [] }],
    tags: V1_TAGS.filter((tag) =>
      Object.values(paths).some((item) =>
        Object.values(item).some((op) => (op as { tags: string[] }).tags.includes(tag.name)),
      ),
    ).map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: components(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'API key',
          description: `An API key from your account page: \`${V1_AUTH_EXAMPLE}\``,
        },
      },
    },
  };
}
