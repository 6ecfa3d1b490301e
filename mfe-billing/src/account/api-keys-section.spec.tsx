import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { installDialogPolyfill, renderRoute } from '../testing/render-route';
import { ApiKeysSection } from './api-keys-section';

/** One key as GET /api/account/api-keys lists it. */
function apiKey(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Key ${id}`,
    prefix: 'v3s_AbCd1234',
    scopes: ['videos:write', 'videos:read', 'credits:read'],
    monthly_cap: 500,
    spent_this_month: 120,
    created_at: '2026-11-20T10:00:00.000Z',
    last_used_at: '2026-11-27T09:30:00.000Z',
    revoked_at: null,
    ...overrides,
  };
}
const LIVE = apiKey('k1', { name: 'My render farm' });
const UNCAPPED = apiKey('k2', { name: 'Assistant', monthly_cap: null, spent_this_month: 1340, last_used_at: null });
const REVOKED = apiKey('k3', { name: 'Old laptop', scopes: ['videos:read'], revoked_at: '2026-11-25T10:00:00.000Z' });
const SECRET = 'v3s_AbCd1234' + 'x'.repeat(40);

const ok = (data: unknown, status = 200) => jsonResponse({ success: true, data }, status);
type Reply = (init?: RequestInit) => Response | Promise<Response>;

/** The keys routes: GET answers `lists` in turn (the last one from then on); POST and DELETE as given. */
function serve(lists: Reply[], { create, revoke }: { create?: Reply; revoke?: Reply } = {}) {
  let reads = 0;
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url === '/api/account/api-keys' && method === 'GET') return lists[Math.min(reads++, lists.length - 1)]!();
    if (url === '/api/account/api-keys' && method === 'POST' && create) return create(init);
    if (url.startsWith('/api/account/api-keys/') && method === 'DELETE' && revoke) return revoke(init);
    return jsonResponse({ success: false, message: `unexpected ${method} ${url}` }, 500);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
  return { fetchMock, calls };
}
const list =
  (...items: unknown[]) =>
  () =>
    ok({ items });

const renderSection = () =>
  renderRoute('/account', '/account', <ApiKeysSection user={{ id: 'u1' }} headingId="api-keys-heading" />);
const keyItem = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
  return screen.getByRole('form', { name: 'New API key' });
}

describe('ApiKeysSection', () => {
  beforeAll(installDialogPolyfill);
  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
    signInForTest({ id: 'u1' });
  });

  it('lists each key: prefix, scopes, this month against its cap, dates; revoked ones without Revoke', async () => {
    serve([list(LIVE, UNCAPPED, REVOKED)]);
    renderSection();
    expect(await screen.findByRole('list', { name: 'Your API keys' })).toBeInTheDocument();
    const live = keyItem('My render farm');
    expect(within(live).getByText('v3s_AbCd1234…')).toBeInTheDocument();
    expect(within(live).getByText('videos:write')).toBeInTheDocument();
    expect(within(live).getByText('credits:read')).toBeInTheDocument();
    expect(within(live).getByText('120 / 500 credits this month')).toBeInTheDocument();
    expect(within(live).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(live).getByText(/Nov 27, 2026/)).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Revoke My render farm' })).toBeEnabled();
    const uncapped = keyItem('Assistant');
    expect(within(uncapped).getByText('1,340 credits this month · No cap')).toBeInTheDocument();
    expect(within(uncapped).getByText('Never used')).toBeInTheDocument();
    const revoked = keyItem('Old laptop');
    expect(within(revoked).getByText('Revoked Nov 25, 2026')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button')).toBeNull();
  });

  it('points to the developer docs when there is no key yet', async () => {
    serve([list()]);
    renderSection();
    expect(await screen.findByText(/You have no API keys yet\./)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Read the developer docs' }))
      expect(link).toHaveAttribute('href', '/developers');
  });

  it('says when the keys failed to load, and Retry loads them', async () => {
    serve([() => jsonResponse({ success: false, message: 'boom' }, 500), list(LIVE)]);
    renderSection();
    expect(await screen.findByText('Failed to load your API keys.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'My render farm' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load your API keys.')).toBeNull();
  });

  it('checks the form before sending: a name, a scope, a whole positive cap', async () => {
    const { calls } = serve([list()]);
    renderSection();
    const form = await openForm();
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveFocus();
    for (const box of within(form).getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.change(within(form).getByLabelText('Monthly cap in credits (optional)'), { target: { value: '2.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Give the key a name.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number from 1 to 1,000,000.')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Give the key a name\./);
    fireEvent.change(name, { target: { value: 'x'.repeat(61) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Use at most 60 characters.')).toBeInTheDocument();
    expect(calls('POST')).toHaveLength(0);
  });

  it('creates a key, shows its secret once with Copy, refreshes the list, and Done hides the secret', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { calls } = serve([list(), list(LIVE)], { create: () => ok({ key: LIVE, secret: SECRET }, 201) });
    renderSection();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: '  My render farm ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /See your credit balance/ }));
    fireEvent.change(within(form).getByLabelText('Monthly cap in credits (optional)'), { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    const panel = await screen.findByRole('region', { name: 'Your new key “My render farm”' });
    expect(panel).toHaveFocus();
    expect(panel).toHaveAccessibleDescription("Copy this key now. You won't be able to see it again.");
    expect(JSON.parse(String(calls('POST')[0]![1]!.body))).toEqual({
      name: 'My render farm',
      scopes: ['videos:write', 'videos:read'],
      monthly_cap: 500,
    });
    expect(within(panel).getByText(SECRET)).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(await within(panel).findByText('Copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByRole('heading', { level: 3, name: 'My render farm' })).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByRole('button', { name: 'Create API key' })).toHaveFocus();
  });

  it('selects the secret for copying by hand where the clipboard is refused', async () => {
    Object.assign(navigator, { clipboard: { writeText: jest.fn(async () => Promise.reject(new Error('denied'))) } });
    serve([list()], { create: () => ok({ key: LIVE, secret: SECRET }, 201) });
    renderSection();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'CI' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('The key is selected: press Ctrl+C (⌘C on a Mac) to copy it.')).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe(SECRET);
  });

  it('says so at the limit of keys, and keeps what was typed', async () => {
    serve([list()], {
      create: () => jsonResponse({ success: false, message: 'too many', code: 'API_KEYS_TOO_MANY' }, 409),
    });
    renderSection();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'One more' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You have 20 keys already. Revoke one you no longer use first.',
    );
    expect(within(form).getByLabelText('Name')).toHaveValue('One more');
  });

  it('Cancel closes the form and gives focus back to Create API key', async () => {
    serve([list()]);
    renderSection();
    const form = await openForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create API key' })).toHaveFocus();
  });

  it('revokes after a confirmation naming the key, says so in the live region, and focuses the key', async () => {
    const { calls } = serve([list(LIVE), list({ ...LIVE, revoked_at: '2026-11-28T01:00:00.000Z' })], {
      revoke: () => ok(undefined),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke My render farm' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke “My render farm”?' });
    expect(dialog).toHaveTextContent('Apps using it stop working at once.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByRole('status')).toHaveTextContent('“My render farm” was revoked.');
    expect(calls('DELETE')[0]![0]).toBe('/api/account/api-keys/k1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'My render farm' })).toHaveFocus();
    expect(await within(keyItem('My render farm')).findByText('Revoked Nov 28, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke My render farm' })).toBeNull();
  });

  it('Cancel keeps the key and returns focus to its Revoke; a failure is said in the dialog', async () => {
    const { calls } = serve([list(LIVE)], { revoke: () => jsonResponse({ success: false, message: 'x' }, 500) });
    renderSection();
    const revoke = await screen.findByRole('button', { name: 'Revoke My render farm' });
    fireEvent.click(revoke);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'The key could not be revoked. Please try again.',
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(revoke).toHaveFocus();
    expect(calls('DELETE')).toHaveLength(1);
  });

  it('speaks Chinese', async () => {
    serve([list(LIVE, UNCAPPED, REVOKED)]);
    act(() => setLanguage('zh-CN'));
    renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: 'API 密钥' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 3, name: 'My render farm' });
    expect(within(keyItem('My render farm')).getByText('本月 120 / 500 积分')).toBeInTheDocument();
    expect(within(keyItem('Assistant')).getByText('本月 1,340 积分 · 无上限')).toBeInTheDocument();
    expect(within(keyItem('Assistant')).getByText('从未使用')).toBeInTheDocument();
    expect(within(keyItem('Old laptop')).getByText('已于 2026年11月25日 撤销')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '撤销 My render farm' }));
    expect(screen.getByRole('dialog', { name: '撤销“My render farm”？' })).toHaveTextContent(
      '使用它的应用将立即停止工作。',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '取消' })).toHaveFocus());
  });
});
