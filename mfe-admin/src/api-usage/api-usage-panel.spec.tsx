import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminApiKeyUsage } from '@veo3/contracts/api-keys';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { fail, fakeApi, ok } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

const usage = (over: Partial<AdminApiKeyUsage> = {}): AdminApiKeyUsage => ({
  id: 'k-1',
  name: 'Render farm',
  prefix: 'v3s_AbCd1234',
  scopes: ['videos:write', 'videos:read'],
  monthly_cap: 500,
  spent_this_month: 120,
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: '2026-11-27T09:30:00.000Z',
  revoked_at: null,
  user_id: 'u-2',
  user_email: 'bob@example.com',
  videos_total: 1340,
  videos_this_month: 3,
  spent_total: 4800,
  revoked_reason: null,
  ...over,
});
const revoked = usage({
  id: 'k-2',
  name: 'Leaked',
  monthly_cap: null,
  last_used_at: null,
  revoked_at: '2026-11-20T10:00:00.000Z',
  revoked_reason: 'Posted on a forum',
});
const list = (items: AdminApiKeyUsage[], extra: { page?: number; pages?: number; total?: number } = {}) =>
  ok({ items, total: items.length, page: 1, pages: 1, ...extra });

describe('ApiUsagePanel', () => {
  it('is a section of the console at /admin/api', async () => {
    fakeApi({ 'GET /api/admin/api-usage': list([]) });
    renderConsole('/admin/api');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'API' })).toHaveAttribute('href', '/admin/api');
    expect(within(nav).getByRole('link', { name: 'API' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
  });

  it('lists keys with owner, use this month and in all, cap, last use and status; Revoke on live ones', async () => {
    fakeApi({ 'GET /api/admin/api-usage': list([usage(), revoked]) });
    renderConsole('/admin/api');
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, live, dead] = within(table).getAllByRole('row');
    expect(within(live!).getByRole('link', { name: 'bob@example.com' })).toHaveAttribute('href', '/admin/users/u-2');
    const cells = within(live!)
      .getAllByRole('cell')
      .map((cell) => [cell.dataset.label, cell.textContent]);
    expect(cells.slice(0, 5)).toEqual([
      ['Key', 'Render farmv3s_AbCd1234…'],
      ['Scopes', 'videos:writevideos:read'],
      ['Videos (month / total)', '3 / 1,340'],
      ['Credits spent (month / total)', '120 / 4,800'],
      ['Monthly cap', '500'],
    ]);
    expect(live!.textContent).toContain('Live');
    expect(within(live!).getByRole('button', { name: 'Revoke key Render farm of bob@example.com' })).toBeEnabled();
    expect(dead!.textContent).toContain('No cap');
    expect(dead!.textContent).toContain('Never');
    expect(dead!.textContent).toContain('Revoked Nov 20, 2026');
    expect(dead!.textContent).toContain('Posted on a forum');
    expect(within(dead!).queryByRole('button')).toBeNull();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('searches by user on the server, kept in the address, from the first page; pages by 25', async () => {
    const api = fakeApi({
      'GET /api/admin/api-usage': list([usage()], { total: 60, page: 2, pages: 3 }),
    });
    renderConsole('/admin/api?user=bob&page=2');
    await screen.findByRole('table', { name: 'API keys' });
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ user: 'bob', page: '2' });
    expect(screen.getByLabelText('Search by user (e-mail or user id)')).toHaveValue('bob');
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('page')).toBe('3'));
    fireEvent.change(screen.getByLabelText('Search by user (e-mail or user id)'), { target: { value: ' ann ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({ user: 'ann', page: '1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({ page: '1' }));
    expect(screen.getByLabelText('Search by user (e-mail or user id)')).toHaveValue('');
  });

  it('says when nothing matches the search', async () => {
    fakeApi({ 'GET /api/admin/api-usage': list([]) });
    renderConsole('/admin/api?user=nobody');
    expect(await screen.findByText('No API key matches.')).toBeInTheDocument();
  });

  it('shows the failure with Retry, which loads the list again', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/admin/api-usage': () => (++calls === 1 ? fail(500, 'Database down')() : list([usage()])()),
    });
    renderConsole('/admin/api');
    expect(await screen.findByText('Could not load this: Database down')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'API keys' })).toBeInTheDocument();
  });

  it('revokes with a required reason after confirming, says so, and reads the list again', async () => {
    const api = fakeApi({
      'GET /api/admin/api-usage': list([usage()]),
      'POST /api/admin/api-keys/:id/revoke': ok(
        usage({ revoked_at: '2026-11-28T01:00:00.000Z', revoked_reason: 'Abuse' }),
      ),
    });
    renderConsole('/admin/api');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke key Render farm of bob@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this API key' });
    expect(dialog).toHaveTextContent(
      'Revokes “Render farm” (v3s_AbCd1234…) of bob@example.com. Apps using it stop working at once.',
    );
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'no' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/api-keys/:id/revoke')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Abuse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked “Render farm” of bob@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Revoked “Render farm” of bob@example.com.').closest('[role="status"]')).not.toBeNull();
    const [call] = api.callsTo('POST /api/admin/api-keys/:id/revoke');
    expect(call!.path).toBe('/api/admin/api-keys/k-1/revoke');
    expect(call!.json).toEqual({ reason: 'Abuse' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/api-usage')).toHaveLength(2));
  });

  it('says why the server refused a revocation', async () => {
    fakeApi({
      'GET /api/admin/api-usage': list([usage()]),
      'POST /api/admin/api-keys/:id/revoke': fail(404, 'No such API key', 'API_KEYS_NOT_FOUND'),
    });
    renderConsole('/admin/api');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke key Render farm of bob@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this API key' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Abuse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: No such API key');
  });

  it('speaks Chinese', async () => {
    fakeApi({ 'GET /api/admin/api-usage': list([usage(), revoked]) });
    act(() => setLanguage('zh-CN'));
    renderConsole('/admin/api');
    const table = await screen.findByRole('table', { name: 'API 密钥' });
    expect(within(table).getByRole('columnheader', { name: '视频（本月 / 累计）' })).toBeInTheDocument();
    expect(table.textContent).toContain('无上限');
    expect(table.textContent).toContain('从未使用');
    expect(table.textContent).toContain('已于 2026年11月20日 撤销');
    expect(screen.getByLabelText('按用户搜索（邮箱或用户 ID）')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '撤销 bob@example.com 的密钥 Render farm' }));
    expect(screen.getByRole('dialog', { name: '撤销此 API 密钥' })).toHaveTextContent('使用它的应用将立即停止工作。');
  });
});
