import type { PushMessage } from '@veo3/contracts/notifications';
import { generateRequestDetails } from 'web-push';
import { postWebhook } from '../webhooks/webhook-sender';
import { isAllowedPrivateHost } from '../webhooks/webhook-url';
import type { VapidKeys } from './vapid-keys';

/** The push service has this long to take a message. */
const PUSH_TIMEOUT_MS = 15_000;
/** A browser offline longer than this (a day) does not need to hear of the video any more. */
const PUSH_TTL_S = 24 * 3600;

/** The injection token of the PushSender; null when the site has no VAPID keys. */
export const PUSH_SENDER = Symbol('PUSH_SENDER');

/** A browser's subscription as kept. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * `sent`; `gone`: the subscription is dead (the push service's 404 or 410, or an address we never
 * send to): forget it; `refused`: the service will not take it (another 4xx), so trying again is
 * pointless; `failed`: worth another try later (no answer, 429, 5xx).
 */
export type PushOutcome = { result: 'sent' | 'gone' | 'refused' | 'failed'; detail: string };

/**
 * Sends one message to one browser through its push service, as the Web Push standard says: the
 * payload encrypted for the browser's keys (aes128gcm, RFC 8291) and signed with our VAPID key
 * (RFC 8292) by web-push; the request made like a webhook's (the address checked, no redirect).
 */
export class PushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly allowPrivateHosts: readonly string[],
  ) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    const details = generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    const allowPrivate = isAllowedPrivateHost(new URL(target.endpoint), this.allowPrivateHosts);
    const { status, error } = await postWebhook(details.endpoint, headers, details.body, {
      allowPrivate,
      timeoutMs: PUSH_TIMEOUT_MS,
    });
    if (status === null)
      return { result: error?.startsWith('refused:') ? 'gone' : 'failed', detail: error ?? 'no answer' };
    const detail = `HTTP ${status}`;
    if (status >= 200 && status < 300) return { result: 'sent', detail };
    if (status === 404 || status === 410) return { result: 'gone', detail };
    if (status === 429 || status >= 500) return { result: 'failed', detail };
    return { result: 'refused', detail };
  }
}
