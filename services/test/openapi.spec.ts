import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { API_ROUTES, routeKey, type ApiRoute } from '@veo3/contracts/routes';
import { V1_ROUTES, v1RouteKey, type V1Route } from '@veo3/contracts/public-api';
import { configureApp, createAdapter } from '../src/app.factory';
import { AppModule } from '../src/app.module';
import { loadConfig } from '../src/config/app-config';
import { openApiPath } from '../src/http/openapi-contract';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * Fastify routes that are not the service's API: the OpenAPI document and its UI (served by
 * @nestjs/swagger; they describe the contract, they are not in it) and the HEAD twin Fastify adds to
 * every GET.
 */
const NOT_IN_CONTRACT = (key: string) => key.startsWith('HEAD ') || /^GET \/api\/docs(\/|-json$|-yaml$|$)/.test(key);
/** The developer API's routes, listed in V1_ROUTES instead (contracts/src/public-api.ts). */
const IN_V1 = (key: string) => / \/v1(\/|$)/.test(key);

const ROUTES = API_ROUTES as readonly ApiRoute[];

describe('the contract (API_ROUTES) and the service', () => {
  let app: NestFastifyApplication;
  let db: TestDatabase;
  let dataDir: string;
  /** Every route Fastify registered, "METHOD /pattern", as its onRoute hook saw it. */
  const registered = new Set<string>();

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    dataDir = mkdtempSync(join(tmpdir(), 'veo3-openapi-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web-build'),
      SITE_URL: 'http://localhost:3000',
      CONTRACT_CHECK: '1',
      ...db.env,
    });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
    const adapter = createAdapter(config);
    adapter.getInstance().addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    });
    app = await configureApp(
      moduleRef.createNestApplication<NestFastifyApplication>(adapter, { logger: false, rawBody: true }),
      config,
    );
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every route Nest and Fastify register, and registers every route it lists', () => {
    const served = [...registered].filter((key) => !NOT_IN_CONTRACT(key) && !IN_V1(key)).sort();
    const listed = ROUTES.map(routeKey).sort();
    expect(served.filter((key) => !listed.includes(key))).toEqual([]); // registered, missing from API_ROUTES
    expect(listed.filter((key) => !served.includes(key))).toEqual([]); // in API_ROUTES, never registered
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('lists every /v1 route in V1_ROUTES, and registers every route V1_ROUTES lists', () => {
    const served = [...registered].filter((key) => !NOT_IN_CONTRACT(key) && IN_V1(key)).sort();
    const listed = (V1_ROUTES as readonly V1Route[]).map(v1RouteKey).sort();
    expect(served).toEqual(listed);
    expect(new Set(listed).size).toBe(listed.length);
  });

  describe('/api/docs-json', () => {
    let doc: {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };

    beforeAll(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/docs-json' });
      if (res.statusCode !== 200) throw new Error(`/api/docs-json answered ${res.statusCode}`);
      doc = res.json();
    });

    it('is an OpenAPI 3 document: its structure, and every schema in it a valid JSON Schema', () => {
      // No OpenAPI meta-schema package is installed (and tests fetch nothing): the structure OpenAPI
      // 3.1 requires, checked with ajv, and every schema object compiled as JSON Schema 2020-12.
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addKeyword('example');
      const schemaObject = { type: 'object' };
      const mediaTypes = {
        type: 'object',
        additionalProperties: { type: 'object', required: ['schema'], properties: { schema: schemaObject } },
      };
      const documentShape = {
        type: 'object',
        required: ['openapi', 'info', 'paths'],
        properties: {
          openapi: { type: 'string', pattern: '^3\\.1\\.\\d+$' },
          info: { type: 'object', required: ['title', 'version'] },
          paths: {
            type: 'object',
            propertyNames: { pattern: '^/' },
            additionalProperties: {
              type: 'object',
              propertyNames: {
                enum: [
                  'get',
                  'put',
                  'post',
                  'delete',
                  'options',
                  'head',
                  'patch',
                  'trace',
                  'parameters',
                  'summary',
                  'description',
                  'servers',
                ],
              },
              additionalProperties: {
                type: 'object',
                required: ['responses'],
                properties: {
                  parameters: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['name', 'in'],
                      properties: {
                        name: { type: 'string' },
                        in: { enum: ['path', 'query', 'header', 'cookie'] },
                        schema: schemaObject,
                      },
                    },
                  },
                  requestBody: {
                    type: 'object',
                    required: ['content'],
                    properties: { content: mediaTypes },
                  },
                  responses: {
                    type: 'object',
                    minProperties: 1,
                    propertyNames: { pattern: '^([1-5](\\d\\d|XX)|default)$' },
                    additionalProperties: {
                      type: 'object',
                      required: ['description'],
                      properties: { description: { type: 'string' }, content: mediaTypes },
                    },
                  },
                },
              },
            },
          },
        },
      };
      const validate = ajv.compile(documentShape);
      expect(validate(doc) ? [] : validate.errors).toEqual([]);

      const badSchemas: string[] = [];
      const compile = (where: string, schema: unknown) => {
        try {
          ajv.compile(schema as object);
        } catch (error) {
          badSchemas.push(`${where}: ${(error as Error).message}`);
        }
      };
      for (const [path, item] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(item)) {
          const where = `${method.toUpperCase()} ${path}`;
          for (const p of (op.parameters as { name: string; schema?: object }[] | undefined) ?? [])
            if (p.schema) compile(`${where} parameter ${p.name}`, p.schema);
          const body = op.requestBody as { content: Record<string, { schema: object }> } | undefined;
          for (const [type, media] of Object.entries(body?.content ?? {}))
            compile(`${where} body ${type}`, media.schema);
          const responses = op.responses as Record<string, { content?: Record<string, { schema: object }> }>;
          for (const [status, reply] of Object.entries(responses))
            for (const [type, media] of Object.entries(reply.content ?? {}))
              compile(`${where} ${status} ${type}`, media.schema);
        }
      expect(badSchemas).toEqual([]);
      // Every path parameter of a templated path is declared.
      for (const [path, item] of Object.entries(doc.paths))
        for (const op of Object.values(item)) {
          const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
          const declared = ((op.parameters as { name: string; in: string }[] | undefined) ?? [])
            .filter((p) => p.in === 'path')
            .map((p) => p.name);
          expect({ path, params: declared.sort() }).toEqual({ path, params: names.sort() });
        }
    });

    it('describes every route with a reply for each status it declares, from the contract', () => {
      const problems: string[] = [];
      for (const route of ROUTES) {
        const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
        if (!op) {
          problems.push(`${routeKey(route)}: no operation`);
          continue;
        }
        const responses = op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
        for (const [status, schema] of Object.entries(route.replies)) {
          const reply = responses[status];
          if (!reply) problems.push(`${routeKey(route)}: no reply ${status}`);
          else if (schema && !reply.content?.['application/json']?.schema)
            problems.push(`${routeKey(route)}: reply ${status} has no JSON schema`);
          else if (!schema && Number(status) < 300 && !reply.content?.[route.contentType!])
            problems.push(`${routeKey(route)}: reply ${status} is not ${route.contentType}`);
        }
        expect(Object.keys(responses).sort()).toEqual(Object.keys(route.replies).sort());
        if (route.multipart) {
          const form = (
            op.requestBody as {
              content: Record<string, { schema: { properties: Record<string, { format?: string }> } }>;
            }
          )?.content['multipart/form-data']?.schema;
          if (!form) problems.push(`${routeKey(route)}: no multipart/form-data body`);
          for (const file of route.files ?? [])
            if (form?.properties[file]?.format !== 'binary')
              problems.push(`${routeKey(route)}: file ${file} is not binary`);
        } else if (
          route.body &&
          !(op.requestBody as { content?: object } | undefined)?.content?.['application/json' as never]
        )
          problems.push(`${routeKey(route)}: no JSON body`);
      }
      expect(problems).toEqual([]);
    });
  });
});
