// The image's HEALTHCHECK: GET /api/health on this container (200 for "ok" and "degraded"; 503
// when the database does not answer). The slim base image has neither curl nor wget.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
