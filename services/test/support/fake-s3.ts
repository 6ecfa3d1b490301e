import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment that points the app at this store (STORAGE=s3, path-style). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free port with one empty bucket. s3rver knows one
 * access key, S3RVER, and checks expiry of presigned URLs but not V4 signatures themselves.
 */
export async function startFakeS3(bucket = 'veo3-test'): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), 'veo3-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
