import { buildV1OpenApi } from './public-api-openapi';
import { problemAnchor, V1_ROUTES, V1_TAGS, V1Problem, type V1Route } from './public-api';

const ROUTES = V1_ROUTES as readonly V1Route[];

describe('V1_ROUTES', () => {
  it('names each operation once and tags it with a described tag', () => {
    const ids = ROUTES.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = V1_TAGS.map((tag) => tag.name);
    for (const route of ROUTES) expect(route.tags.every((tag) => tags.includes(tag))).toBe(true);
  });

  it('answers every error as a problem, and every example matches its schema', () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      const where = `${route.method} ${route.path}`;
      for (const [status, reply] of Object.entries(route.replies)) {
        if (Number(status) >= 400 && reply.schema !== V1Problem) wrong.push(`${where} ${status}: not a problem`);
        if (reply.schema && !reply.schema.safeParse(reply.example).success) wrong.push(`${where} ${status}: example`);
      }
      if (route.body && !route.body.safeParse(route.example?.body).success) wrong.push(`${where}: body example`);
      if (route.query && !route.query.safeParse(route.example?.query ?? {}).success) wrong.push(`${where}: query`);
      if (route.params && !route.params.safeParse(route.example?.params).success) wrong.push(`${where}: params`);
    }
    expect(wrong).toEqual([]);
  });

  it("links a problem's type to its code's section of /developers", () => {
    expect(problemAnchor('API_KEYS_MISSING_SCOPE')).toBe('errors-api-keys-missing-scope');
  });
});

describe('buildV1OpenApi', () => {
  const doc = buildV1OpenApi({ siteUrl: 'https://veo3.example', version: '1.2.3', contactEmail: 'dev@veo3.example' });
  const text = JSON.stringify(doc);

  it('describes every documented route, with the site as its server', () => {
    expect(doc).toMatchObject({
      openapi: '3.1.0',
      info: { version: '1.2.3' },
      servers: [{ url: 'https://veo3.example' }],
    });
    const paths = doc.paths as Record<string, Record<string, { operationId: string }>>;
    const documented = ROUTES.filter((route) => route.documented !== false);
    for (const route of documented) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(paths[path]?.[route.method.toLowerCase()]?.operationId).toBe(route.operationId);
    }
  });

  it('refers only to components it has', () => {
    const schemas = Object.keys((doc.components as { schemas: object }).schemas);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]);
    expect(refs.filter((name) => !schemas.includes(name!))).toEqual([]);
  });
});
