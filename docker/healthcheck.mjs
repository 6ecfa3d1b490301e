// The image's HEALTHCHECK: GET /api/health/ready on this container (200 when this role may take
// traffic; 503 while a dependency it needs fails, the schema is older than the code, or it drains).
// The slim base image has neither curl nor wget.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
