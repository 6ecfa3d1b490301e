import type { ErrorReply } from '@veo3/contracts/envelope';
import type {
  CreateWebhookEndpointReply,
  CreateWebhookEndpointRequest,
  ReplayWebhookDeliveryReply,
  RotateWebhookSecretReply,
  TestWebhookReply,
  UpdateWebhookEndpointRequest,
  WebhookDeliveriesReply,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointListReply,
  WebhookEndpointReply,
} from '@veo3/contracts/webhooks';
import { apiRequest } from '@veo3/platform/api/api-client';
import { BillingReplyError } from './billing-api';

export type DeliveriesPage = WebhookDeliveriesReply['data'];
/** An endpoint with its secret, as creation and rotation answer (the only times the secret is shown). */
export interface EndpointSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

function data<T>(reply: { success: true; data: T } | ErrorReply): T {
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}

/** GET /api/account/webhooks: the caller's endpoints, oldest first. */
export async function fetchWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const reply = (await apiRequest('GET /api/account/webhooks', { identity: 'bearer', signal })) as
    WebhookEndpointListReply | ErrorReply;
  return data(reply).items;
}

/** POST /api/account/webhooks: ApiError 400 WEBHOOKS_INVALID_URL / WEBHOOKS_PRIVATE_ADDRESS, 409 WEBHOOKS_TOO_MANY. */
export async function createWebhookEndpoint(body: CreateWebhookEndpointRequest): Promise<EndpointSecret> {
  const reply = (await apiRequest('POST /api/account/webhooks', { body, identity: 'bearer' })) as
    CreateWebhookEndpointReply | ErrorReply;
  return data(reply);
}

/** PATCH /api/account/webhooks/:id: enable, disable, or change its URL, events or description. */
export async function updateWebhookEndpoint(id: string, body: UpdateWebhookEndpointRequest): Promise<WebhookEndpoint> {
  const reply = (await apiRequest('PATCH /api/account/webhooks/:id', { params: { id }, body, identity: 'bearer' })) as
    WebhookEndpointReply | ErrorReply;
  return data(reply);
}

export async function deleteWebhookEndpoint(id: string): Promise<void> {
  const reply = (await apiRequest('DELETE /api/account/webhooks/:id', { params: { id }, identity: 'bearer' })) as
    { success: true } | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
}

/** POST /api/account/webhooks/:id/rotate-secret: the new secret (the old one signs beside it for 24 h). */
export async function rotateWebhookSecret(id: string): Promise<EndpointSecret> {
  const reply = (await apiRequest('POST /api/account/webhooks/:id/rotate-secret', {
    params: { id },
    identity: 'bearer',
  })) as RotateWebhookSecretReply | ErrorReply;
  return data(reply);
}

/** POST /api/account/webhooks/:id/test: a test event sent now; the delivery after the try. */
export async function sendWebhookTest(id: string): Promise<WebhookDelivery> {
  const reply = (await apiRequest('POST /api/account/webhooks/:id/test', { params: { id }, identity: 'bearer' })) as
    TestWebhookReply | ErrorReply;
  return data(reply);
}

/** GET /api/account/webhooks/:id/deliveries: a page, newest first. */
export async function fetchWebhookDeliveries(id: string, page: number, signal?: AbortSignal): Promise<DeliveriesPage> {
  const reply = (await apiRequest('GET /api/account/webhooks/:id/deliveries', {
    params: { id },
    query: { page },
    identity: 'bearer',
    signal,
  })) as WebhookDeliveriesReply | ErrorReply;
  return data(reply);
}

/** POST /api/account/webhook-deliveries/:id/replay: sent again now; ApiError 409 WEBHOOKS_DELIVERY_BUSY while it is being sent. */
export async function replayWebhookDelivery(id: string): Promise<WebhookDelivery> {
  const reply = (await apiRequest('POST /api/account/webhook-deliveries/:id/replay', {
    params: { id },
    identity: 'bearer',
  })) as ReplayWebhookDeliveryReply | ErrorReply;
  return data(reply);
}
