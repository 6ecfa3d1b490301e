import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';

const b64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

export interface FakeGoogle {
  certsUrl: string;
  /** An RS256 ID token signed by the fake Google key (or `key`), with claims overridden by `claims`. */
  idToken(claims?: Record<string, unknown>, key?: KeyObject): string;
  close(): Promise<void>;
}

/**
 * Google's certificate endpoint, served locally with a key generated for the test, so that
 * google-auth-library's real verification (signature, audience, issuer, expiry) runs.
 */
export async function startFakeGoogle(clientId: string): Promise<FakeGoogle> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key-1';
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
    res.end(JSON.stringify({ [kid]: publicKey.export({ type: 'spki', format: 'pem' }) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    certsUrl: `http://127.0.0.1:${port}/oauth2/v1/certs`,
    idToken(claims = {}, key = privateKey) {
      const now = Math.floor(Date.now() / 1000);
      const header = b64url({ alg: 'RS256', kid, typ: 'JWT' });
      const payload = b64url({
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: '1122334455',
        email: 'gina@example.com',
        email_verified: true,
        name: 'Gina Google',
        picture: 'https://lh3.googleusercontent.com/a/photo.jpg',
        iat: now,
        exp: now + 3600,
        ...claims,
      });
      const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key);
      return `${header}.${payload}.${b64url(signature)}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
