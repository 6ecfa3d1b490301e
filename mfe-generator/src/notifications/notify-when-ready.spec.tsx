import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { installFakePush, type FakePush } from '@veo3/platform/testing/fake-push';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { NotifyWhenReady } from './notify-when-ready';

interface State {
  email_ready: 'default' | 'on' | 'off';
  email_available: boolean;
  endpoints: string[];
}

function serve(state: State) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const email = {
      email_ready: state.email_ready,
      first_video_email_sent: false,
      email_available: state.email_available,
    };
    if (method === 'GET') {
      const endpoint = new URL(url, 'http://x').searchParams.get('endpoint');
      const push = {
        available: true,
        vapid_public_key: `B${'x'.repeat(86)}`,
        this_browser: endpoint !== null && state.endpoints.includes(endpoint),
        browsers: state.endpoints.length,
      };
      return jsonResponse({ success: true, data: { ...email, push } });
    }
    if (method === 'PUT') {
      state.email_ready = body.email_ready;
      return jsonResponse({ success: true, data: { ...email, email_ready: body.email_ready } });
    }
    state.endpoints.push(body.endpoint);
    return jsonResponse({ success: true, data: { this_browser: true, browsers: state.endpoints.length } }, 201);
  }) as unknown as typeof fetch;
  return calls;
}

const renderControl = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NotifyWhenReady />
    </QueryClientProvider>,
  );

describe('NotifyWhenReady', () => {
  let push: FakePush | null = null;
  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
    signInForTest({ id: 'u1' });
  });
  afterEach(() => {
    push?.uninstall();
    push = null;
  });

  it('turns on browser notifications on the click, asking the permission only then', async () => {
    push = installFakePush();
    const calls = serve({ email_ready: 'default', email_available: true, endpoints: [] });
    renderControl();
    const button = await screen.findByRole('button', { name: 'Notify me when it’s ready' });
    expect(push.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    const note = await screen.findByText('We’ll notify you in this browser when it’s ready. You can leave this page.');
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/push-subscriptions')).toBe(true);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(() => expect(note).toHaveFocus());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('turns e-mail on instead when the browser refuses notifications', async () => {
    push = installFakePush({ answer: 'denied' });
    const calls = serve({ email_ready: 'default', email_available: true, endpoints: [] });
    renderControl();
    fireEvent.click(await screen.findByRole('button', { name: 'Notify me when it’s ready' }));
    expect(await screen.findByText('We’ll e-mail you when it’s ready if you leave this page.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email_ready: 'on', language: 'en' });
  });

  it('turns e-mail on in a browser without Web Push, without asking anything', async () => {
    const calls = serve({ email_ready: 'off', email_available: true, endpoints: [] });
    renderControl();
    fireEvent.click(await screen.findByRole('button', { name: 'Notify me when it’s ready' }));
    expect(await screen.findByText('We’ll e-mail you when it’s ready if you leave this page.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'PUT', url: '/api/notifications/settings', body: { email_ready: 'on', language: 'en' } },
    ]);
  });

  it('says how the user will hear of it when that is set already, in Chinese too', async () => {
    setLanguage('zh-CN');
    push = installFakePush({ subscribed: true });
    serve({ email_ready: 'default', email_available: true, endpoints: ['https://push.example/browser-1'] });
    renderControl();
    expect(await screen.findByText('视频生成后，我们会在此浏览器中通知你。你可以离开此页面。')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
