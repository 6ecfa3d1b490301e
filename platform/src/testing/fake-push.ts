// Test helper: a browser's Notification, service worker and PushManager, as jsdom has none.

export interface FakePush {
  /** Notification.permission now. */
  permission: NotificationPermission;
  requestPermission: jest.Mock;
  register: jest.Mock;
  subscribe: jest.Mock;
  unsubscribe: jest.Mock;
  /** The endpoint of this browser's subscription, null while it has none. */
  endpoint(): string | null;
  uninstall(): void;
}

const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'A'.repeat(22);

/**
 * Installs a browser that supports Web Push: `answer` is what the permission question gets, and
 * `subscribed` makes it hold a subscription already (at `endpoint`).
 */
export function installFakePush({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
  endpoint = 'https://push.example/browser-1',
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
  endpoint?: string;
} = {}): FakePush {
  let current: PushSubscription | null = null;
  const unsubscribe = jest.fn(async () => {
    current = null;
    return true;
  });
  const makeSubscription = () =>
    ({
      endpoint,
      unsubscribe,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
    }) as unknown as PushSubscription;
  if (subscribed) current = makeSubscription();
  const subscribe = jest.fn(async () => (current = makeSubscription()));
  const registration = {
    pushManager: { getSubscription: async () => current, subscribe },
  };
  const fake: FakePush = {
    permission,
    requestPermission: jest.fn(async () => {
      fake.permission = answer;
      return answer;
    }),
    register: jest.fn(async () => registration),
    subscribe,
    unsubscribe,
    endpoint: () => current?.endpoint ?? null,
    uninstall: () => {
      delete (window as unknown as Record<string, unknown>).Notification;
      delete (window as unknown as Record<string, unknown>).PushManager;
      delete (navigator as unknown as Record<string, unknown>).serviceWorker;
    },
  };
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return fake.permission;
      },
      requestPermission: fake.requestPermission,
    },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: fake.register,
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return fake;
}
