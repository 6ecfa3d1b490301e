import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

type Listener = (event: Record<string, unknown>) => void;

interface FakeClient {
  url: string;
  focus: jest.Mock;
  navigate: jest.Mock;
}

/** Runs sw.js in a fake service worker scope; returns what it registered and the scope's spies. */
function loadWorker(windows: FakeClient[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: new URL('https://veo3.example/sw.js'),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: jest.fn(),
    registration: { showNotification: jest.fn(async () => undefined) },
    clients: {
      claim: jest.fn(async () => undefined),
      matchAll: jest.fn(async () => windows),
      openWindow: jest.fn(async () => null),
    },
  };
  runInNewContext(readFileSync(join(__dirname, 'sw.js'), 'utf8'), { self: scope, URL });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { scope, dispatch };
}

const pushEvent = (message: unknown) => ({
  data: {
    json: () => (typeof message === 'string' ? JSON.parse(message) : message),
  },
});

describe('the shell service worker', () => {
  it('shows a push message with its title, text and the video poster', async () => {
    const { scope, dispatch } = loadWorker();
    await dispatch(
      'push',
      pushEvent({
        title: 'Your video is ready',
        body: 'a fox in the snow',
        icon: 'https://veo3.example/api/video/poster/t1?exp=1&sig=s',
        url: '/video-history',
        tag: 'video-t1',
      }),
    );
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Your video is ready', {
      body: 'a fox in the snow',
      tag: 'video-t1',
      data: { url: '/video-history' },
      icon: 'https://veo3.example/api/video/poster/t1?exp=1&sig=s',
      image: 'https://veo3.example/api/video/poster/t1?exp=1&sig=s',
    });
  });

  it('still shows something for a message it cannot read', async () => {
    const { scope, dispatch } = loadWorker();
    await dispatch('push', pushEvent('not json {'));
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Veo 3 Studio',
      expect.objectContaining({ data: { url: '/video-history' } }),
    );
  });

  it('a click opens History in a new window when no tab of the site is open', async () => {
    const { scope, dispatch } = loadWorker();
    const notification = { close: jest.fn(), data: { url: '/video-history' } };
    await dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(scope.clients.openWindow).toHaveBeenCalledWith('https://veo3.example/video-history');
  });

  it('a click brings an open tab of the site to History, and never leaves the site', async () => {
    const tab: FakeClient = { url: 'https://veo3.example/pricing', focus: jest.fn(), navigate: jest.fn() };
    tab.navigate.mockResolvedValue(tab);
    const { scope, dispatch } = loadWorker([tab]);
    await dispatch('notificationclick', { notification: { close: jest.fn(), data: { url: 'https://evil.example/' } } });
    expect(tab.navigate).toHaveBeenCalledWith('https://veo3.example/video-history');
    expect(tab.focus).toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('focuses a tab already on History without reloading it', async () => {
    const tab: FakeClient = { url: 'https://veo3.example/video-history', focus: jest.fn(), navigate: jest.fn() };
    const { dispatch } = loadWorker([tab]);
    await dispatch('notificationclick', { notification: { close: jest.fn(), data: { url: '/video-history' } } });
    expect(tab.navigate).not.toHaveBeenCalled();
    expect(tab.focus).toHaveBeenCalled();
  });
});
