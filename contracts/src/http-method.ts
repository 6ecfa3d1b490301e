/** The methods a route of `/api` (API_ROUTES) or `/v1` (V1_ROUTES) is registered with. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
