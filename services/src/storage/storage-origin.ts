import type { AppConfig } from '../config/app-config';

/**
 * The origin a browser is sent to for presigned reads from an S3-compatible server, for the CSP
 * (null on AWS: its https URLs are allowed already).
 */
export function s3BrowserOrigin(storage: AppConfig['storage']): string | null {
  if (storage.type !== 's3' || !storage.endpoint) return null;
  const url = new URL(storage.endpoint);
  return storage.forcePathStyle ? url.origin : `${url.protocol}//${storage.bucket}.${url.host}`;
}
