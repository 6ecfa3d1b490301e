/** The route label every unknown path shares. */
export const UNMATCHED = 'unmatched';

/**
 * The `route` label of a reply: the matched route pattern, never the raw path. Unknown paths
 * (no route, the /api/* 404 route, the page route's 404) share `unmatched`; static file mounts
 * share `static` and the pages' catch-all `page`, so the label set stays as small as the routes.
 */
export function routeLabel(pattern: string | undefined, statusCode: number): string {
  if (!pattern || pattern === '/api/*') return UNMATCHED;
  if (pattern === '/*' || pattern === '*') return statusCode === 404 ? UNMATCHED : 'page';
  if (pattern.endsWith('/*') && (pattern.startsWith('/assets/') || pattern.startsWith('/mfe/'))) return 'static';
  return pattern;
}

/** `2xx` … `5xx` (anything else, e.g. 1xx, counts as its own class). */
export function statusClass(statusCode: number): string {
  return STATUS_CLASSES[Math.floor(statusCode / 100)] ?? `${Math.floor(statusCode / 100)}xx`;
}

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
