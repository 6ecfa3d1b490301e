import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryType, WebhookPayload } from '@veo3/contracts/webhooks';
import type { NewDelivery } from './webhook.repository';

/** A delivery's `webhook-id`: `msg_` and 32 random hex digits. */
export const newDeliveryId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/** A delivery of `type` with `data` to one endpoint; its body is fixed now and sent as is on every try. */
export function newDelivery(
  endpoint: { id: string; userId: string },
  type: WebhookDeliveryType,
  data: WebhookPayload['data'],
  now: Date,
): NewDelivery {
  const payload: WebhookPayload = { type, timestamp: now.toISOString(), data };
  return {
    id: newDeliveryId(),
    endpointId: endpoint.id,
    userId: endpoint.userId,
    eventType: type,
    payload: JSON.stringify(payload),
  };
}
