import type { AppConfig } from '../config/app-config';

/** Buckets the SDK addresses as a host name (bucket.host); others (dots, capitals) go in the path. */
const HOST_STYLE_BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/**
 * The origin of the presigned URLs browsers are redirected to, as the S3 SDK builds them, for the
 * CSP; null for local storage.
 */
export function s3BrowserOrigin(storage: AppConfig['storage']): string | null {
  if (storage.type !== 's3') return null;
  const base = new URL(storage.endpoint ?? `https://s3.${storage.region ?? 'us-east-1'}.amazonaws.com`);
  const hostStyle = !storage.forcePathStyle && HOST_STYLE_BUCKET.test(storage.bucket);
  return hostStyle ? `${base.protocol}//${storage.bucket}.${base.host}` : base.origin;
}
