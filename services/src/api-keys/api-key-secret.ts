import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@veo3/contracts/api-keys';

/** Characters of the secret after `v3s_` that name the key in lists and logs. */
const SHOWN = 8;

/** A new key: `v3s_` and 43 characters of base64url (32 random bytes). */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + SHOWN), hash: hashApiKey(secret) };
}

/** What is stored of a key: its SHA-256 (the secret has 256 random bits, so no slow hash is needed). */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether a bearer token is shaped like one of our keys (anything else is refused without a lookup). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(API_KEY_PREFIX.length));
}

/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | undefined): string | null {
  const match = typeof header === 'string' ? /^\s*bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}
