import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { installDialogPolyfill, renderRoute } from '../testing/render-route';
import { WebhooksSection } from './webhooks-section';

function endpoint(overrides: Record<string, unknown> = {}) {
  return {
    id: 'w1',
    url: 'https://hooks.example.com/veo',
    description: 'production',
    events: ['video.completed', 'credits.low'],
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    created_at: '2026-11-27T10:00:00.000Z',
    secret_prefix: 'whsec_abcd',
    ...overrides,
  };
}
const DELIVERY = {
  id: 'msg_0123456789abcdef0123456789abcdef',
  endpoint_id: 'w1',
  type: 'video.completed',
  status: 'pending',
  created_at: '2026-11-27T11:00:00.000Z',
  attempts: [{ at: '2026-11-27T11:00:00.000Z', status: 500, error: null, duration_ms: 42 }],
  next_attempt_at: '2026-11-27T11:05:00.000Z',
};
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA==';
const ok = (data: unknown, status = 200) => jsonResponse({ success: true, data }, status);

type Handler = (url: string, init?: RequestInit) => Response | undefined;

/** The webhooks API: `list` answers the endpoint list in turn (the last from then on); `more` answers the rest. */
function serve(list: (() => Response)[], more: Handler = () => undefined) {
  let reads = 0;
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const answer = more(url, init);
    if (answer) return answer;
    if (url === '/api/account/webhooks' && (init?.method ?? 'GET') === 'GET')
      return list[Math.min(reads++, list.length - 1)]!();
    return jsonResponse({ success: false, message: `unexpected ${init?.method} ${url}` }, 500);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const calls = (fetchMock: jest.Mock, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === method);

const renderSection = () =>
  renderRoute('/account', '/account', <WebhooksSection user={{ id: 'u1' }} headingId="webhooks-heading" />);

describe('WebhooksSection', () => {
  beforeAll(installDialogPolyfill);
  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
    signInForTest({ id: 'u1' });
  });

  it('adds an endpoint with the chosen events and shows its secret once, with a copy button', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const fetchMock = serve([() => ok({ items: [] }), () => ok({ items: [endpoint()] })], (url, init) =>
      url === '/api/account/webhooks' && init?.method === 'POST'
        ? ok({ endpoint: endpoint(), secret: SECRET }, 201)
        : undefined,
    );
    renderSection();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'https://hooks.example.com/veo' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Video failed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByRole('region', { name: 'Signing secret' });
    expect(within(secret).getByText(SECRET)).toBeInTheDocument();
    expect(within(secret).getByText(/It is not shown again/)).toBeInTheDocument();
    const [, init] = calls(fetchMock, 'POST', '/api/account/webhooks')[0]!;
    expect(JSON.parse(String(init.body))).toEqual({
      url: 'https://hooks.example.com/veo',
      description: '',
      events: ['video.completed', 'credits.low'],
    });
    fireEvent.click(within(secret).getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Secret copied.'));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    fireEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(await screen.findByText('https://hooks.example.com/veo')).toBeInTheDocument();
  });

  it("says why the server refused a URL, in the reader's words", async () => {
    serve([() => ok({ items: [] })], (_url, init) =>
      init?.method === 'POST'
        ? jsonResponse({ success: false, message: 'private', code: 'WEBHOOKS_PRIVATE_ADDRESS' }, 400)
        : undefined,
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'https://10.0.0.1/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/private or local/);
  });

  it('shows an endpoint the site turned off first, with its reason and an Enable button', async () => {
    const off = endpoint({
      id: 'w2',
      url: 'https://broken.example.com/',
      enabled: false,
      disabled_reason: 'Every delivery failed for 3 days (last: HTTP 500).',
      failing_since: '2026-11-20T10:00:00.000Z',
    });
    const fetchMock = serve([() => ok({ items: [endpoint(), off] }), () => ok({ items: [endpoint()] })], (url, init) =>
      url === '/api/account/webhooks/w2' && init?.method === 'PATCH' ? ok({ ...off, enabled: true }) : undefined,
    );
    renderSection();
    const [first] = await screen.findAllByRole('listitem');
    expect(first).toHaveTextContent('We turned this endpoint off: Every delivery failed for 3 days (last: HTTP 500).');
    fireEvent.click(within(first!).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Endpoint enabled.'));
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/api/account/webhooks/w2')[0]![1].body))).toEqual({
      enabled: true,
    });
  });

  it('expands an endpoint to its deliveries with their tries, and replays one', async () => {
    const replayUrl = `/api/account/webhook-deliveries/${DELIVERY.id}/replay`;
    const fetchMock = serve([() => ok({ items: [endpoint()] })], (url, init) => {
      if (url.startsWith('/api/account/webhooks/w1/deliveries'))
        return ok({ items: [DELIVERY], total: 1, page: 1, pages: 1 });
      if (url === replayUrl && init?.method === 'POST')
        return ok({
          ...DELIVERY,
          status: 'delivered',
          next_attempt_at: null,
          attempts: [
            ...DELIVERY.attempts,
            { at: '2026-11-27T11:01:00.000Z', status: 200, error: null, duration_ms: 9 },
          ],
        });
      return undefined;
    });
    renderSection();
    const toggle = await screen.findByRole('button', { name: 'Show deliveries' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(DELIVERY.id)).toBeInTheDocument();
    expect(screen.getByText('Retrying')).toBeInTheDocument();
    expect(screen.getByText(/HTTP 500 \(42 ms\)/)).toBeInTheDocument();
    expect(screen.getByText(/Next try/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Replay Video completed of/ }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sent again: HTTP 200'));
    expect(calls(fetchMock, 'POST', replayUrl)).toHaveLength(1);
  });

  it('rotates the secret and shows the new one once; sends a test event and says how it went', async () => {
    serve([() => ok({ items: [endpoint()] })], (url) => {
      if (url === '/api/account/webhooks/w1/rotate-secret')
        return ok({ endpoint: endpoint(), secret: SECRET, previous_secret_expires_at: '2026-11-28T10:00:00.000Z' });
      if (url === '/api/account/webhooks/w1/test')
        return ok({
          ...DELIVERY,
          type: 'webhook.test',
          status: 'failed',
          next_attempt_at: null,
          attempts: [{ at: '2026-11-27T11:00:00.000Z', status: null, error: 'connect ECONNREFUSED', duration_ms: 3 }],
        });
      return undefined;
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('region', { name: 'Signing secret' });
    expect(secret).toHaveTextContent(/old one keeps signing beside it for 24 hours/);
    expect(secret).toHaveTextContent(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Test event not delivered: connect ECONNREFUSED'),
    );
  });

  it('says when too many test events were sent this minute', async () => {
    serve([() => ok({ items: [endpoint()] })], (url) =>
      url === '/api/account/webhooks/w1/test'
        ? jsonResponse({ success: false, code: 'WEBHOOKS_TOO_MANY_SENDS', message: 'Too many sends' }, 429)
        : undefined,
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'You can send 10 test events and replays a minute. Please wait a minute and try again.',
      ),
    );
  });

  it('deletes an endpoint only after the confirmation', async () => {
    const fetchMock = serve([() => ok({ items: [endpoint()] }), () => ok({ items: [] })], (url, init) =>
      url === '/api/account/webhooks/w1' && init?.method === 'DELETE' ? ok(undefined) : undefined,
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(calls(fetchMock, 'DELETE', '/api/account/webhooks/w1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/account/webhooks/w1')).toHaveLength(1);
  });

  it('says when the endpoints failed to load, and Retry loads them', async () => {
    serve([() => jsonResponse({ success: false, message: 'boom' }, 500), () => ok({ items: [endpoint()] })]);
    renderSection();
    expect(await screen.findByText('Failed to load your webhooks.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('https://hooks.example.com/veo')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    setLanguage('zh-CN');
    serve([() => ok({ items: [] })]);
    renderSection();
    expect(await screen.findByText('还没有 Webhook 端点。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加端点' })).toBeInTheDocument();
  });
});
