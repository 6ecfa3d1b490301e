import { loadConfig } from '../config/app-config';
import { contentSecurityPolicy } from '../site/site-static';
import { S3ObjectStorage } from './s3.storage';
import { s3BrowserOrigin } from './storage-origin';

/** The origin of a URL the SDK really presigns for this configuration. */
async function presignedOrigin(env: Record<string, string>): Promise<string> {
  const config = loadConfig({ S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', ...env });
  if (config.storage.type !== 's3') throw new Error('not s3');
  const storage = new S3ObjectStorage({ ...config.storage, tempDir: '/nonexistent' });
  const url = await storage.readUrl('videos/a.mp4', { expiresInSeconds: 60 });
  storage.onApplicationShutdown();
  return new URL(url).origin;
}

describe('the S3 origin browsers are redirected to', () => {
  it.each<Record<string, string>>([
    { S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio.local:9000/' },
    { S3_BUCKET: 'media', S3_ENDPOINT: 'https://store.example.com', S3_FORCE_PATH_STYLE: 'false' },
    { S3_BUCKET: 'media' },
    { S3_BUCKET: 'media', S3_REGION: 'eu-west-3' },
    { S3_BUCKET: 'media', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' },
    { S3_BUCKET: 'my.dotted.bucket', S3_REGION: 'eu-west-3' },
  ])('is the one the SDK presigns for %j', async (env) => {
    const expected = await presignedOrigin({ STORAGE: 's3', ...env });
    expect(s3BrowserOrigin(loadConfig({ STORAGE: 's3', ...env }).storage)).toBe(expected);
  });

  it('is none for local storage', () => {
    expect(s3BrowserOrigin(loadConfig({}).storage)).toBeNull();
  });

  it('is allowed by the CSP for videos, images and the Download fetch, and never for scripts', () => {
    const csp = contentSecurityPolicy(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' }),
    );
    for (const directive of [csp.mediaSrc, csp.imgSrc, csp.connectSrc])
      expect(directive).toContain('http://127.0.0.1:9000');
    expect(csp.scriptSrc).not.toContain('http://127.0.0.1:9000');
    const local = contentSecurityPolicy(loadConfig({}));
    expect(local.mediaSrc).toEqual(["'self'", 'blob:', 'https:']);
    expect(local.connectSrc).toEqual(["'self'"]);
  });
});
