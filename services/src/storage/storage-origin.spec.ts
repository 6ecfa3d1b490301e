import { loadConfig } from '../config/app-config';
import { contentSecurityPolicy } from '../site/site-static';
import { s3BrowserOrigin } from './storage-origin';

describe('the S3 origin browsers are redirected to', () => {
  it('is the endpoint for path-style, the bucket host otherwise, none for AWS or local storage', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'media' };
    expect(s3BrowserOrigin(loadConfig({ ...s3, S3_ENDPOINT: 'http://minio.local:9000/' }).storage)).toBe(
      'http://minio.local:9000',
    );
    expect(
      s3BrowserOrigin(
        loadConfig({ ...s3, S3_ENDPOINT: 'https://store.example.com', S3_FORCE_PATH_STYLE: 'false' }).storage,
      ),
    ).toBe('https://media.store.example.com');
    expect(s3BrowserOrigin(loadConfig(s3).storage)).toBeNull();
    expect(s3BrowserOrigin(loadConfig({}).storage)).toBeNull();
  });

  it('is allowed by the CSP for videos and images, and nothing else is', () => {
    const csp = contentSecurityPolicy(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' }),
    );
    expect(csp.mediaSrc).toContain('http://127.0.0.1:9000');
    expect(csp.imgSrc).toContain('http://127.0.0.1:9000');
    expect(csp.scriptSrc).not.toContain('http://127.0.0.1:9000');
    expect(csp.connectSrc).not.toContain('http://127.0.0.1:9000');
    expect(contentSecurityPolicy(loadConfig({})).mediaSrc).toEqual(["'self'", 'blob:', 'https:']);
  });
});
