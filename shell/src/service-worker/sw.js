// The shell's service worker, served at /sw.js (scope /). It only shows "ready" notifications
// (Web Push, services/src/notifications/) and opens History on a click: no fetch handler, no cache,
// so the site loads exactly as without it. The message is contracts/src/notifications.ts' PushMessage.

const FALLBACK_URL = '/video-history';

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache that could be out of step.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The push's message, or a plain one when it cannot be read (a push must always show something). */
function readMessage(data) {
  try {
    const message = data ? data.json() : null;
    if (message && typeof message.title === 'string') return message;
  } catch {
    // Not JSON: shown as the plain note below.
  }
  return { title: 'Veo 3 Studio', body: '', icon: null, url: FALLBACK_URL, tag: 'veo3' };
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  const options = {
    body: message.body,
    tag: message.tag,
    data: { url: message.url || FALLBACK_URL },
  };
  if (message.icon) {
    options.icon = message.icon;
    options.image = message.icon;
  }
  event.waitUntil(self.registration.showNotification(message.title, options));
});

/** Only a path of this site is opened: a message never sends the user elsewhere. */
function targetUrl(notification) {
  const url = new URL((notification.data && notification.data.url) || FALLBACK_URL, self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL(FALLBACK_URL, self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetUrl(event.notification);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target) || windows.find((client) => 'navigate' in client);
      if (!open) return self.clients.openWindow(target);
      // A tab of the site: brought forward on History (navigated there unless it is there already).
      const shown = open.url === target ? Promise.resolve(open) : open.navigate(target);
      return shown.then((client) => (client || open).focus());
    }),
  );
});
