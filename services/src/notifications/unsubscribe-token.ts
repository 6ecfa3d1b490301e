import { createHash, createHmac, hkdfSync } from 'node:crypto';

/**
 * The unsubscribe link's token: an HMAC of the user's id under a key of its own (derived from the
 * session secret), so it reveals nothing of the user, every e-mail carries the same one, and it
 * cannot be made for another user. The settings row keeps its SHA-256 to find the user by it.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'veo3-unsubscribe', 'unsubscribe link key', 32));
  }

  tokenFor(userId: string): string {
    return createHmac('sha256', this.key).update(`unsubscribe:${userId}`).digest('base64url');
  }
}

/** What the settings row keeps of a token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
