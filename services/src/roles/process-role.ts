import type { AppConfig } from '../config/app-config';

export type ProcessRole = AppConfig['role'];

const HEALTH = '/api/health';

/** Whether a process of `role` answers the route registered as `pattern` (e.g. `/api/credits/balance`, `/*`). */
export function routeAllowed(role: ProcessRole, pattern: string): boolean {
  if (role === 'all') return true;
  const path = pattern.length > 1 ? pattern.replace(/\/+$/, '') : pattern;
  // The developer API (/v1) and the MCP server (/mcp) are the API role's too.
  const api = ['/api', '/v1', '/mcp'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (path === HEALTH || path.startsWith(`${HEALTH}/`)) return true;
  if (role === 'api') return api;
  if (role === 'web') return !api;
  return false;
}

/** The roles that serve the site's pages and frontends. */
export function servesPages(role: ProcessRole): boolean {
  return role === 'all' || role === 'web';
}

/** The roles that serve the API (and its OpenAPI document). */
export function servesApi(role: ProcessRole): boolean {
  return role === 'all' || role === 'api';
}
