import { routeLabel, statusClass, UNMATCHED } from './route-label';

describe('routeLabel', () => {
  it('is the matched pattern, never the path', () => {
    expect(routeLabel('/api/video/status/:taskId', 200)).toBe('/api/video/status/:taskId');
    expect(routeLabel('/api/blog/posts/:slug', 304)).toBe('/api/blog/posts/:slug');
  });

  it('is one label for every unknown path: no route, the /api/* 404, the page route’s 404', () => {
    expect(routeLabel(undefined, 404)).toBe(UNMATCHED);
    expect(routeLabel('/api/*', 404)).toBe(UNMATCHED);
    expect(routeLabel('/*', 404)).toBe(UNMATCHED);
  });

  it('groups pages and static mounts', () => {
    expect(routeLabel('/*', 200)).toBe('page');
    expect(routeLabel('/assets/*', 200)).toBe('static');
    expect(routeLabel('/mfe/generator/*', 200)).toBe('static');
  });
});

describe('statusClass', () => {
  it('is the hundreds of the status', () => {
    expect([200, 204, 301, 404, 429, 503].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '5xx']);
  });
});
