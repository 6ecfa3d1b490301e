/** "Tell me when it's ready": the account's e-mail choice and the browsers it gets push notifications in. */
import { z } from 'zod';
import { ok } from './envelope';

/**
 * The "ready" e-mail: `default` until the user chooses (an e-mail for the first finished video
 * only, which says how to keep getting them), then `on` (every video) or `off` (none).
 */
export const EMAIL_READY_CHOICES = ['default', 'on', 'off'] as const;
export const EmailReadyChoice = z.enum(EMAIL_READY_CHOICES);
export type EmailReadyChoice = z.infer<typeof EmailReadyChoice>;

/** The languages a notification is written in (the page's, sent with each change); English when unknown. */
export const NotificationLanguage = z.enum(['en', 'zh-CN']);
export type NotificationLanguage = z.infer<typeof NotificationLanguage>;

/** A user keeps push subscriptions in at most this many browsers; a new one beyond it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;
export const PUSH_ENDPOINT_MAX = 2000;

/** A push service's address for one browser, as PushSubscription.endpoint gives it. */
const endpoint = z.string().trim().min(1).max(PUSH_ENDPOINT_MAX);
/** Unpadded base64url, as PushSubscription.toJSON() gives the keys. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .length(Math.ceil((bytes * 4) / 3));

/** What the e-mail choice does for the next finished video. */
export const EmailReadySettings = z.object({
  email_ready: EmailReadyChoice,
  /** The e-mail of the first video (sent while the choice was `default`) went out already. */
  first_video_email_sent: z.boolean(),
  /** The site sends e-mail at all (SMTP_URL, or the local outbox outside production). */
  email_available: z.boolean(),
});
export type EmailReadySettings = z.infer<typeof EmailReadySettings>;

/** Browser notifications: the site's VAPID key, and whether the browser asking is subscribed. */
export const PushSettings = z.object({
  /** The site has VAPID keys, so browsers can subscribe. */
  available: z.boolean(),
  /** The applicationServerKey for PushManager.subscribe (unpadded base64url); null when not available. */
  vapid_public_key: z.string().nullable(),
  /** The endpoint given in the query is one of the user's subscriptions. */
  this_browser: z.boolean(),
  /** How many browsers the user gets notifications in. */
  browsers: z.number().int().nonnegative(),
});
export type PushSettings = z.infer<typeof PushSettings>;

export const NotificationSettings = EmailReadySettings.extend({ push: PushSettings });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** GET /api/notifications/settings?endpoint=: the browser names its own subscription's endpoint, if it has one. */
export const NotificationSettingsQuerySchema = z.object({ endpoint: endpoint.optional() });
export type NotificationSettingsQuery = z.infer<typeof NotificationSettingsQuerySchema>;

export const NotificationSettingsReply = ok(NotificationSettings);
export type NotificationSettingsReply = z.infer<typeof NotificationSettingsReply>;

/** PUT /api/notifications/settings: the user's choice (`default` is only ever the site's), in the page's language. */
export const UpdateNotificationSettingsSchema = z.object({
  email_ready: z.enum(['on', 'off']),
  language: NotificationLanguage.optional(),
});
export type UpdateNotificationSettingsRequest = z.infer<typeof UpdateNotificationSettingsSchema>;

export const UpdateNotificationSettingsReply = ok(EmailReadySettings);
export type UpdateNotificationSettingsReply = z.infer<typeof UpdateNotificationSettingsReply>;

/** POST /api/notifications/push-subscriptions: PushSubscription.toJSON() of this browser, in snake case. */
export const CreatePushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  expiration_time: z.number().nullable().optional(),
  language: NotificationLanguage.optional(),
});
export type CreatePushSubscriptionRequest = z.infer<typeof CreatePushSubscriptionSchema>;

/** DELETE /api/notifications/push-subscriptions: this browser's subscription, by its endpoint. */
export const DeletePushSubscriptionSchema = z.object({ endpoint });
export type DeletePushSubscriptionRequest = z.infer<typeof DeletePushSubscriptionSchema>;

export const PushSubscriptionReply = ok(
  z.object({ this_browser: z.boolean(), browsers: z.number().int().nonnegative() }),
);
export type PushSubscriptionReply = z.infer<typeof PushSubscriptionReply>;

/** GET and POST /api/notifications/unsubscribe?token=: the link of a "ready" e-mail (List-Unsubscribe). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().max(200).optional() });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;

/** The dev outbox's message, GET /api/dev/outbox/:id (`<time>-<random>`). */
export const OutboxMessageParamsSchema = z.object({ id: z.string().regex(/^[\w-]{1,80}$/) });
export type OutboxMessageParams = z.infer<typeof OutboxMessageParamsSchema>;

/**
 * What a push message carries (JSON, encrypted for the browser): the service worker (shell/src/
 * service-worker/sw.js) shows `title` and `body` with `icon` (the poster, when there is one) and
 * opens `url` on a click.
 */
export const PushMessage = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string().nullable(),
  url: z.string(),
  /** One notification per video: a later one for the same video replaces it. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof PushMessage>;
