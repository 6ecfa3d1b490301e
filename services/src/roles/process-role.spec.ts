import { routeAllowed } from './process-role';

describe('routeAllowed', () => {
  it('gives each role its routes and every role the health probe', () => {
    const table = (pattern: string) => (['all', 'api', 'worker', 'web'] as const).map((r) => routeAllowed(r, pattern));
    expect(table('/api/health')).toEqual([true, true, true, true]);
    expect(table('/api/credits/balance')).toEqual([true, true, false, false]);
    expect(table('/api/docs/*')).toEqual([true, true, false, false]);
    expect(table('/v1/videos/:id')).toEqual([true, true, false, false]);
    expect(table('/*')).toEqual([true, false, false, true]);
    expect(table('/assets/*')).toEqual([true, false, false, true]);
    expect(table('/robots.txt')).toEqual([true, false, false, true]);
    expect(table('/mcp')).toEqual([true, true, false, false]);
  });

  it('does not take a path that only begins like the API for it', () => {
    expect(routeAllowed('web', '/apis')).toBe(true);
    expect(routeAllowed('api', '/apis')).toBe(false);
    expect(routeAllowed('api', '/mcpx')).toBe(false);
    expect(routeAllowed('api', '/v12')).toBe(false);
  });
});
