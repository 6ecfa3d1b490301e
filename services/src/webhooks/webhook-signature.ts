import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' secret format: `whsec_` and the base64 of the key's bytes (32 here; the spec allows 24–64). */
const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** What lists show of a secret: the prefix and 4 characters. */
export function secretPrefixOf(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + 4);
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret,
 * space-separated (a rotation's overlap sends the new one first, then the old).
 */
export function signatureHeader(id: string, timestampSeconds: number, body: string, secrets: string[]): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
