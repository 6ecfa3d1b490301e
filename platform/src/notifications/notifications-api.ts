import type { EmailReadySettings, NotificationLanguage, NotificationSettings } from '@veo3/contracts/notifications';
import { apiRequest } from '@veo3/platform/api/api-client';

/** Query keys of the notification settings; each change invalidates `notificationKeys.all(userId)`. */
export const notificationKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  settings: (userId: string) => ['notifications', userId, 'settings'] as const,
};

/** GET /api/notifications/settings; `endpoint` is this browser's push subscription, if it has one. */
export async function fetchNotificationSettings(
  endpoint: string | null,
  signal?: AbortSignal,
): Promise<NotificationSettings> {
  const reply = await apiRequest('GET /api/notifications/settings', {
    identity: 'bearer',
    query: { endpoint: endpoint ?? undefined },
    signal,
  });
  return reply.data;
}

/** PUT /api/notifications/settings: the user's "ready" e-mail choice, in the page's language. */
export async function saveEmailChoice(
  emailReady: 'on' | 'off',
  language: NotificationLanguage,
): Promise<EmailReadySettings> {
  const reply = await apiRequest('PUT /api/notifications/settings', {
    identity: 'bearer',
    body: { email_ready: emailReady, language },
  });
  return reply.data;
}

/** POST /api/notifications/push-subscriptions: this browser's subscription (PushSubscription.toJSON()). */
export async function savePushSubscription(
  subscription: PushSubscriptionJSON,
  language: NotificationLanguage,
): Promise<void> {
  const { endpoint, keys, expirationTime } = subscription;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave an incomplete subscription.');
  await apiRequest('POST /api/notifications/push-subscriptions', {
    identity: 'bearer',
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, expiration_time: expirationTime, language },
  });
}

/** DELETE /api/notifications/push-subscriptions: this browser no longer gets notifications. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('DELETE /api/notifications/push-subscriptions', { identity: 'bearer', body: { endpoint } });
}
