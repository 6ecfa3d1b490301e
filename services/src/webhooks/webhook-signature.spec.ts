import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, secretPrefixOf, signatureHeader } from './webhook-signature';

describe('webhook signatures', () => {
  const body = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { message: 'hi' } });
  const headers = (signature: string, timestamp: number) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
  });

  it('is what the reference implementation verifies and computes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const now = Math.floor(Date.now() / 1000);
    const signature = signatureHeader('msg_1', now, body, [secret]);
    expect(() => new Webhook(secret).verify(body, headers(signature, now))).not.toThrow();
    expect(signature).toBe(new Webhook(secret).sign('msg_1', new Date(now * 1000), body));
  });

  it('carries one signature per secret, each verifiable alone', () => {
    const [fresh, old, other] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    const now = Math.floor(Date.now() / 1000);
    const signature = signatureHeader('msg_1', now, body, [fresh, old]);
    expect(signature.split(' ')).toHaveLength(2);
    expect(() => new Webhook(fresh).verify(body, headers(signature, now))).not.toThrow();
    expect(() => new Webhook(old).verify(body, headers(signature, now))).not.toThrow();
    expect(() => new Webhook(other).verify(body, headers(signature, now))).toThrow('No matching signature found');
  });

  it('shows a prefix only', () => {
    expect(secretPrefixOf('whsec_abcdefgh')).toBe('whsec_abcd');
  });
});
