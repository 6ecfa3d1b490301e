import { HTTP_PIPELINE } from './http-pipeline';

// The order is behaviour (an early answer carries only the headers set before it): changing it is
// a reviewed change to this list and to docs/ARCHITECTURE.md §10.
describe('HTTP_PIPELINE', () => {
  it('registers the hooks in this order, each in this phase', () => {
    expect(HTTP_PIPELINE.map(({ name, phase }) => `${name} ${phase}`)).toEqual([
      'http-metrics onRequest',
      'request-tracing onRequest',
      'body-limits onRoute',
      'direct-routes onRoute',
      'security-headers onRequest',
      'api-no-store onSend',
      'contract-check onSend',
      'api-not-found route',
      'role-gate onRequest',
      'schema-gate onRequest',
      'blog-fast-path onRequest',
    ]);
  });

  it('says what each one does', () => {
    for (const step of HTTP_PIPELINE) expect(step.job.length).toBeGreaterThan(10);
  });
});
