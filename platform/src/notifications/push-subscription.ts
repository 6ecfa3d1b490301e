/**
 * This browser's side of "ready" notifications: the shell's service worker (/sw.js) and its Web
 * Push subscription. Permission is asked only from `subscribeThisBrowser`, which a page calls when
 * the user pressed a button asking for notifications.
 */

/** Whether this browser can show notifications from a site through Web Push at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The site's notification permission in this browser, or `unsupported`. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** The VAPID public key (unpadded base64url) as PushManager.subscribe takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription's endpoint, without asking anything; null when it has none. */
export async function currentPushEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** What asking for notifications came to: the subscription, or the user's answer when it was not "allow". */
export type SubscribeOutcome =
  { outcome: 'subscribed'; subscription: PushSubscriptionJSON } | { outcome: 'denied' | 'dismissed' | 'unsupported' };

/**
 * Asks the permission (call it straight from the user's click: browsers refuse a request no
 * gesture made), registers the service worker and subscribes with the site's key. A subscription
 * made for another key (the site's keys changed) is replaced.
 */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<SubscribeOutcome> {
  if (!pushSupported()) return { outcome: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { outcome: 'denied' };
  if (permission !== 'granted') return { outcome: 'dismissed' };
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const options = { userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    const existing = await registration.pushManager.getSubscription();
    if (!existing) throw error;
    await existing.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  return { outcome: 'subscribed', subscription: subscription.toJSON() };
}

/** Ends this browser's subscription at its push service; its endpoint (for the site to forget), or null. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
