import type { WebhookDelivery, WebhookEndpoint, WebhookVideoData } from '@veo3/contracts/webhooks';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { secretPrefixOf } from './webhook-signature';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An endpoint as its owner sees it: never the secret. */
export function endpointView(row: WebhookEndpointEntity): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: iso(row.failingSince),
    created_at: row.createdAt.toISOString(),
    secret_prefix: secretPrefixOf(row.secret),
  };
}

export function deliveryView(row: WebhookDeliveryEntity): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    type: row.eventType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    attempts: row.attemptLog,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  };
}

/** What a finished video event needs of the task (the video module's task row fits). */
export interface FinishedVideo {
  id: string;
  model: string;
  prompt: string;
  aspectRatio: string;
  resolution: string;
  durationS: number;
  cost: number;
  createdAt: Date;
}

/** `data` of video.completed (with its signed link) or video.failed (with what the owner is told). */
export function videoEventData(
  task: FinishedVideo,
  outcome: { resultUrl: string } | { code: string; message: string },
  finishedAt = new Date(),
): WebhookVideoData {
  const completed = 'resultUrl' in outcome;
  return {
    id: task.id,
    status: completed ? 'completed' : 'failed',
    model: task.model,
    prompt: task.prompt,
    aspect_ratio: task.aspectRatio,
    resolution: task.resolution,
    duration_s: task.durationS,
    result_url: completed ? outcome.resultUrl : null,
    error: completed ? null : { code: outcome.code, message: outcome.message },
    cost: task.cost,
    created_at: task.createdAt.toISOString(),
    finished_at: finishedAt.toISOString(),
  };
}

/** An endpoint in the user's data export: what the account page shows, without the secret or its prefix. */
export function webhookEndpointExport(row: WebhookEndpointEntity): object {
  const { secret_prefix: _prefix, ...view } = endpointView(row);
  return view;
}

/** A delivery in the user's data export, with the body sent. */
export function webhookDeliveryExport(row: WebhookDeliveryEntity): object {
  return { ...deliveryView(row), payload: JSON.parse(row.payload) as unknown };
}
