import type { WebhookDelivery, WebhookEndpoint } from '@veo3/contracts/webhooks';
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

/** An endpoint in the user's data export: what the account page shows, without the secret or its prefix. */
export function webhookEndpointExport(row: WebhookEndpointEntity): object {
  const { secret_prefix: _prefix, ...view } = endpointView(row);
  return view;
}

/** A delivery in the user's data export, with the body sent. */
export function webhookDeliveryExport(row: WebhookDeliveryEntity): object {
  return { ...deliveryView(row), payload: JSON.parse(row.payload) as unknown };
}
