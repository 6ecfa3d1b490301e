import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a push service received. */
export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local Web Push service (as FCM or Mozilla's autopush stand for the browser): keeps every
 * message and answers `status` (201 Created, as push services do; 410 once a browser unsubscribed).
 */
export class PushService {
  readonly requests: PushRequest[] = [];
  status = 201;
  private server!: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(this.status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  to(path: string): PushRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * A browser's side of a push subscription: its P-256 key pair and auth secret (what
 * PushSubscription.toJSON() gives the site), and the decryption a browser does on receipt.
 */
export class BrowserPushKeys {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);

  constructor() {
    this.ecdh.generateKeys();
  }

  get keys(): { p256dh: string; auth: string } {
    return { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') };
  }

  /**
   * The plaintext of an `aes128gcm` message (RFC 8188's one-record body) encrypted for this browser
   * as RFC 8291 says: the sender's key from the header, ECDH with ours, the auth secret into HKDF.
   */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body[20]!;
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    if (record.length > recordSize) throw new Error('more than one record');
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 2, then any zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** The claims of a VAPID `Authorization: vapid t=<JWT>, k=<key>` header once its ES256 signature checks out with `k`. */
export function verifiedVapidClaims(header: string | undefined): { key: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, payload, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${head}.${payload}`);
  const ok = verify(
    'sha256',
    signed,
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID token is not signed by its key');
  return { key, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown> };
}
