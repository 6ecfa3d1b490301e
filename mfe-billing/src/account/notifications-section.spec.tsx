import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { installFakePush, type FakePush } from '@veo3/platform/testing/fake-push';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { renderRoute } from '../testing/render-route';
import { NotificationsSection } from './notifications-section';

const VAPID = `B${'x'.repeat(86)}`;

interface State {
  email_ready: 'default' | 'on' | 'off';
  first_video_email_sent: boolean;
  email_available: boolean;
  available: boolean;
  endpoints: string[];
}

/** A server keeping the settings: GET answers them, PUT and the subscription calls change them. */
function serve(state: State) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const email = () => ({
      email_ready: state.email_ready,
      first_video_email_sent: state.first_video_email_sent,
      email_available: state.email_available,
    });
    if (url.startsWith('/api/notifications/settings') && method === 'GET') {
      const endpoint = new URL(url, 'http://x').searchParams.get('endpoint');
      return jsonResponse({
        success: true,
        data: {
          ...email(),
          push: {
            available: state.available,
            vapid_public_key: state.available ? VAPID : null,
            this_browser: endpoint !== null && state.endpoints.includes(endpoint),
            browsers: state.endpoints.length,
          },
        },
      });
    }
    if (url === '/api/notifications/settings') {
      state.email_ready = body.email_ready;
      return jsonResponse({ success: true, data: email() });
    }
    if (url === '/api/notifications/push-subscriptions' && method === 'POST') {
      state.endpoints.push(body.endpoint);
      return jsonResponse({ success: true, data: { this_browser: true, browsers: state.endpoints.length } }, 201);
    }
    if (url === '/api/notifications/push-subscriptions' && method === 'DELETE') {
      state.endpoints = state.endpoints.filter((e) => e !== body.endpoint);
      return jsonResponse({ success: true, data: { this_browser: false, browsers: state.endpoints.length } });
    }
    return jsonResponse({ success: false, message: `unexpected ${method} ${url}` }, 500);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}

const fresh = (): State => ({
  email_ready: 'default',
  first_video_email_sent: false,
  email_available: true,
  available: true,
  endpoints: [],
});

const renderSection = () =>
  renderRoute('/account', '/account', <NotificationsSection user={{ id: 'u1' }} headingId="n-heading" />);

describe('NotificationsSection', () => {
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

  it('shows a choice never made as on for the first video, and saves "off" when switched', async () => {
    const calls = serve(fresh());
    renderSection();
    const toggle = await screen.findByRole('switch', { name: 'E-mail me when a video is ready' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription(
      'On for your first video: we e-mail you once, then only if you keep this on.',
    );
    fireEvent.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent('E-mails are off.');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/api/notifications/settings',
      body: { email_ready: 'off', language: 'en' },
    });
  });

  it('after the first video’s e-mail, the switch is off and turns every-video e-mails on', async () => {
    const calls = serve({ ...fresh(), first_video_email_sent: true });
    renderSection();
    const toggle = await screen.findByRole('switch', { name: 'E-mail me when a video is ready' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(
      'We e-mailed you about your first video. Turn this on to get an e-mail for every video.',
    );
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email_ready: 'on', language: 'en' });
  });

  it('asks the browser’s permission only when "Turn on in this browser" is pressed, then subscribes with the site’s key', async () => {
    push = installFakePush();
    const calls = serve(fresh());
    renderSection();
    const button = await screen.findByRole('button', { name: 'Turn on in this browser' });
    expect(push.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Browser notifications are on in this browser.');
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const [options] = push.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      endpoint: 'https://push.example/browser-1',
      keys: { p256dh: expect.any(String), auth: expect.any(String) },
      expiration_time: null,
      language: 'en',
    });
    // The same button now turns them off, and keeps the focus.
    const off = await screen.findByRole('button', { name: 'Turn off' });
    expect(screen.getByText('On in this browser.')).toBeInTheDocument();
    fireEvent.click(off);
    expect(await screen.findByRole('button', { name: 'Turn on in this browser' })).toBeInTheDocument();
    expect(push.unsubscribe).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: 'https://push.example/browser-1' });
  });

  it('says how to undo a refusal, with the focus on it', async () => {
    push = installFakePush({ answer: 'denied' });
    serve(fresh());
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on in this browser' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Notifications are blocked for this site in this browser\. To allow them/);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Turn on in this browser' })).toBeNull();
  });

  it('says so in a browser without Web Push, and on a site without push or e-mail', async () => {
    serve({ ...fresh(), available: false, email_available: false });
    renderSection();
    expect(await screen.findByText('This browser cannot show notifications from websites.')).toBeInTheDocument();
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(screen.getByText('This site does not send e-mail.')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    setLanguage('zh-CN');
    push = installFakePush({ subscribed: true });
    serve({
      ...fresh(),
      email_ready: 'on',
      endpoints: ['https://push.example/browser-1', 'https://push.example/other'],
    });
    renderSection();
    expect(await screen.findByRole('switch', { name: '视频生成后给我发邮件' })).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByText('已在此浏览器中开启。')).toBeInTheDocument();
    expect(screen.getByText('另有 1 个浏览器已开启。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });
});
