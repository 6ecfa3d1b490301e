import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { WebhooksErrorCode, WebhooksException } from './webhooks.exception';

/** Test events and replays a user may send in a minute, together: each one is a request to their server, now. */
export const WEBHOOK_SENDS_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

/** Counts a user's test events and replays in the throttler's storage (Redis with REDIS_URL, so per site, not per process). */
@Injectable()
export class WebhookSendLimit {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  /** One more send of `userId`'s, or the 429 with the seconds to wait. */
  async take(userId: string): Promise<void> {
    const hits = await this.storage.increment(
      `webhook-sends:${userId}`,
      WINDOW_MS,
      WEBHOOK_SENDS_PER_MINUTE,
      WINDOW_MS,
      'webhook-sends',
    );
    if (!hits.isBlocked) return;
    throw new WebhooksException(
      WebhooksErrorCode.TooManySends,
      `You can send ${WEBHOOK_SENDS_PER_MINUTE} test events and replays a minute. Please wait a minute and try again.`,
      Math.max(1, hits.timeToBlockExpire),
    );
  }
}
