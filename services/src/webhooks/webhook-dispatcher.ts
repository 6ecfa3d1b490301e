import { Inject, Injectable, Logger } from '@nestjs/common';
import type { WebhookAttempt } from '@veo3/contracts/webhooks';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { postWebhook, type SendResult } from './webhook-sender';
import { signatureHeader } from './webhook-signature';
import { isAllowedPrivateHost } from './webhook-url';
import { WebhookRepository, type AttemptOutcome } from './webhook.repository';

/** Per try: the receiver has this long to answer. */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** A claim outlasts a try (its timeout and DNS), so a live sender never loses it. */
const CLAIM_MS = 60_000;
/** An endpoint whose every delivery failed for this long is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600_000;
/** Tries kept in a delivery's log. */
const LOG_KEPT = 20;
/** Due deliveries taken per sweep, and sent at once. */
const BATCH = 50;
const PARALLEL = 10;

/** `scheduled`: the first try or a retry, only when due; `manual`: a replay or a test event, now. */
export type AttemptMode = 'scheduled' | 'manual';

/**
 * Sends deliveries: each try under a claim (a conditional update), so a delivery is never sent by
 * two processes at once; records the try, schedules the retry (WEBHOOK_RETRY_SECONDS) or gives up,
 * and turns off an endpoint that has failed for DISABLE_AFTER_MS.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: WebhookRepository,
  ) {}

  /** One sweep: the deliveries due at `now`, PARALLEL at a time; how many were tried. */
  async deliverDue(now = new Date()): Promise<number> {
    const ids = await this.repo.dueIds(now, BATCH);
    for (let i = 0; i < ids.length; i += PARALLEL)
      await Promise.all(ids.slice(i, i + PARALLEL).map((id) => this.attempt(id, 'scheduled', now)));
    return ids.length;
  }

  /** One try of one delivery; the row after it, or null when another process is sending it (or it is not due). */
  async attempt(id: string, mode: AttemptMode, now = new Date()): Promise<WebhookDeliveryEntity | null> {
    const until = new Date(now.getTime() + CLAIM_MS);
    const claimed = await this.repo.claim(id, now, until, mode === 'scheduled');
    if (!claimed) return null;
    const endpoint = await this.repo.findEndpoint(claimed.endpointId);
    // Turned off meanwhile (its waiting deliveries were given up, this one was already taken): no try.
    const skipped = !endpoint || (!endpoint.enabled && mode === 'scheduled');
    const result = skipped
      ? { status: null, error: 'the endpoint is disabled', durationMs: 0 }
      : await this.send(endpoint, claimed, now);
    const outcome = this.outcome(claimed, skipped ? 'final' : mode, result, now);
    await this.repo.finishAttempt(id, until, outcome);
    if (!skipped) await this.judgeEndpoint(endpoint, result, now);
    return { ...claimed, ...outcome, lockedUntil: null };
  }

  private send(endpoint: WebhookEndpointEntity, delivery: WebhookDeliveryEntity, now: Date): Promise<SendResult> {
    const timestamp = Math.floor(now.getTime() / 1000);
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
      secrets.push(endpoint.previousSecret);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Veo3Studio-Webhooks/1.0',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(delivery.id, timestamp, delivery.payload, secrets),
    };
    const allowPrivate = isAllowedPrivateHost(new URL(endpoint.url), this.config.webhooks.allowPrivateHosts);
    return postWebhook(endpoint.url, headers, delivery.payload, { allowPrivate, timeoutMs: ATTEMPT_TIMEOUT_MS });
  }

  /**
   * 2xx is delivered. A failure waits for the next retry of the schedule when the delivery was
   * waiting for one (its first try, a retry, or a replay meanwhile), and gives up after the last;
   * a replay of a finished delivery or a test event is one try.
   */
  private outcome(
    d: WebhookDeliveryEntity,
    mode: AttemptMode | 'final',
    result: SendResult,
    now: Date,
  ): AttemptOutcome {
    const attempts = d.attempts + 1;
    const entry: WebhookAttempt = {
      at: now.toISOString(),
      status: result.status,
      error: result.error,
      duration_ms: result.durationMs,
    };
    const attemptLog = [...d.attemptLog, entry].slice(-LOG_KEPT);
    const common = { attempts, attemptLog, lastStatus: result.status, lastError: result.error };
    if (result.status !== null && result.status >= 200 && result.status < 300)
      return { ...common, status: 'delivered', nextAttemptAt: null };
    const waiting = mode !== 'final' && d.status === 'pending' && (mode === 'scheduled' || d.nextAttemptAt !== null);
    const delay = this.config.webhooks.retryDelaysMs[attempts - 1];
    if (waiting && delay !== undefined)
      return { ...common, status: 'pending', nextAttemptAt: new Date(now.getTime() + delay) };
    return { ...common, status: 'failed', nextAttemptAt: null };
  }

  /** A success clears the endpoint's failing streak; a failure starts one, or ends it by turning the endpoint off. */
  private async judgeEndpoint(endpoint: WebhookEndpointEntity, result: SendResult, now: Date): Promise<void> {
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      if (endpoint.failingSince) await this.repo.clearFailing(endpoint.id);
      return;
    }
    if (!endpoint.enabled) return;
    if (!endpoint.failingSince) return this.repo.markFailing(endpoint.id, now);
    if (now.getTime() - endpoint.failingSince.getTime() < DISABLE_AFTER_MS) return;
    const last = result.status === null ? result.error : `HTTP ${result.status}`;
    const reason = `Every delivery failed for 3 days (last: ${last}). Fix the receiver, then enable the endpoint again.`;
    if (!(await this.repo.disable(endpoint.id, reason.slice(0, 300)))) return;
    await this.repo.failPendingOf(endpoint.id, 'the endpoint was disabled');
    this.logger.warn(
      `webhook endpoint ${endpoint.id} of user ${endpoint.userId} disabled: failing since ${endpoint.failingSince.toISOString()}`,
    );
  }
}
