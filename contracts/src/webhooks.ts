/** Webhooks: endpoints a user registers, to which the site delivers signed events (Standard Webhooks). */
import { z } from 'zod';
import { V1Video } from './public-api';
import { ok, OkReply } from './envelope';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['video.completed', 'video.failed', 'credits.low'] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The event "Send test event" delivers; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WebhookDeliveryType = z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const);
export type WebhookDeliveryType = z.infer<typeof WebhookDeliveryType>;

/** A user holds at most this many endpoints. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** One endpoint as listed: never its secret, which is shown once at creation and at each rotation. */
export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  enabled: z.boolean(),
  /** Why the site turned it off (its deliveries failed for 3 days); null when the user did, or it is on. */
  disabled_reason: z.string().nullable(),
  /** Since when every delivery has failed; null after a success. */
  failing_since: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  /** The secret's first characters (`whsec_` and 4 more), to tell secrets apart. */
  secret_prefix: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

const url = z.string().trim().min(1, 'Enter the URL to deliver to').max(WEBHOOK_URL_MAX);
const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX);
const events = z.array(WebhookEventType).min(1, 'Choose at least one event');

export const CreateWebhookEndpointSchema = z.object({ url, description: description.optional(), events });
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointSchema>;

/** PATCH: any of the fields; `enabled: true` turns an endpoint the site disabled back on. */
export const UpdateWebhookEndpointSchema = z.object({
  url: url.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointRequest = z.infer<typeof UpdateWebhookEndpointSchema>;

/** POST /api/account/webhooks (201): the endpoint and its signing secret (`whsec_…`), shown this once. */
export const CreateWebhookEndpointReply = ok(z.object({ endpoint: WebhookEndpoint, secret: z.string() }));
export type CreateWebhookEndpointReply = z.infer<typeof CreateWebhookEndpointReply>;

/** GET /api/account/webhooks: the caller's endpoints, oldest first. */
export const WebhookEndpointListReply = ok(z.object({ items: z.array(WebhookEndpoint) }));
export type WebhookEndpointListReply = z.infer<typeof WebhookEndpointListReply>;

export const WebhookEndpointReply = ok(WebhookEndpoint);
export type WebhookEndpointReply = z.infer<typeof WebhookEndpointReply>;

export const DeleteWebhookEndpointReply = OkReply;
export type DeleteWebhookEndpointReply = z.infer<typeof DeleteWebhookEndpointReply>;

/**
 * POST /api/account/webhooks/:id/rotate-secret: the new secret, shown this once. Until
 * `previous_secret_expires_at` (24 h) each delivery carries both signatures: `v1,<new> v1,<old>`.
 */
export const RotateWebhookSecretReply = ok(
  z.object({ endpoint: WebhookEndpoint, secret: z.string(), previous_secret_expires_at: z.iso.datetime() }),
);
export type RotateWebhookSecretReply = z.infer<typeof RotateWebhookSecretReply>;

export const WebhookEndpointParamsSchema = z.object({ id: z.string().max(64) });
export type WebhookEndpointParams = z.infer<typeof WebhookEndpointParamsSchema>;

export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** One try at sending: the receiver's HTTP status, or why there was none. */
export const WebhookAttempt = z.object({
  at: z.iso.datetime(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nonnegative(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

/** One message to one endpoint; `id` is its `webhook-id`, the same on every retry and replay. */
export const WebhookDelivery = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  type: WebhookDeliveryType,
  status: WebhookDeliveryStatus,
  created_at: z.iso.datetime(),
  /** Oldest first (the latest 20). */
  attempts: z.array(WebhookAttempt),
  /** When the next retry is due; null once delivered or given up. */
  next_attempt_at: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WEBHOOK_DELIVERIES_PAGE = 20;

export const WebhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuerySchema>;

/** GET /api/account/webhooks/:id/deliveries: newest first, WEBHOOK_DELIVERIES_PAGE a page. */
export const WebhookDeliveriesReply = ok(
  z.object({
    items: z.array(WebhookDelivery),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pages: z.number().int().nonnegative(),
  }),
);
export type WebhookDeliveriesReply = z.infer<typeof WebhookDeliveriesReply>;

/** POST /api/account/webhook-deliveries/:id/replay: sent again at once, same payload and `webhook-id`; the delivery after that try. */
export const ReplayWebhookDeliveryReply = ok(WebhookDelivery);
export type ReplayWebhookDeliveryReply = z.infer<typeof ReplayWebhookDeliveryReply>;

/** POST /api/account/webhooks/:id/test: a `webhook.test` event sent at once; the delivery after that try. */
export const TestWebhookReply = ok(WebhookDelivery);
export type TestWebhookReply = z.infer<typeof TestWebhookReply>;

/** `data` of `video.completed` and `video.failed`: the video as the developer API shows it. */
export const WebhookVideoData = V1Video;
export type WebhookVideoData = z.infer<typeof WebhookVideoData>;

/** `data` of `credits.low`: the balance fell below `threshold` (WEBHOOK_CREDITS_LOW_THRESHOLD). */
export const WebhookCreditsLowData = z.object({ balance: z.number().int(), threshold: z.number().int() });
export type WebhookCreditsLowData = z.infer<typeof WebhookCreditsLowData>;

/** The body of each delivery. */
export const WebhookPayload = z.object({
  type: WebhookDeliveryType,
  timestamp: z.iso.datetime(),
  data: z.union([WebhookVideoData, WebhookCreditsLowData, z.object({ message: z.string() })]),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;
