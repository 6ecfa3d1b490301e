import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { adminUserFixture } from '../testing/admin.fixtures';
import { fakeApi, page } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

const root = adminUserFixture({
  id: 'u-1',
  email: 'root@example.com',
  name: null,
  is_admin: true,
  config_roles: ['admin'],
  can_manage_blog: true,
  credits: 1340,
  has_plan: true,
});

describe('UsersPanel', () => {
  it('lists users with credits, roles (configured ones marked), plan and paid total', async () => {
    fakeApi({ 'GET /api/admin/users': page([root, adminUserFixture()], { total: 2 }) });
    renderConsole('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'root@example.com' }).getAttribute('href')).toBe(
      '/admin/users/u-1',
    );
    expect(first!.textContent).toContain('1,340');
    expect(first!.textContent).toContain('Admin (configuration)');
    expect(first!.textContent).toContain('Blog manager');
    expect(second!.textContent).toContain('$19.99');
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('searches and filters on the server, from the first page', async () => {
    const api = fakeApi({ 'GET /api/admin/users': page([adminUserFixture()], { total: 60, page: 1 }) });
    renderConsole('/admin/users?page=2');
    await screen.findByRole('table', { name: 'Users' });
    expect(api.calls[0]!.query.get('page')).toBe('2');
    fireEvent.change(screen.getByLabelText('Search by e-mail or name'), { target: { value: ' bob ' } });
    fireEvent.change(screen.getByLabelText('Has paid'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Signed up from'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Users' });
    const last = api.calls.at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({
      q: 'bob',
      has_paid: 'true',
      signed_up_from: '2026-01-01',
      page: '1',
      page_size: '25',
    });
  });

  it('pages through the results', async () => {
    const api = fakeApi({ 'GET /api/admin/users': page([adminUserFixture()], { total: 60 }) });
    renderConsole('/admin/users');
    await screen.findByText('1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('table', { name: 'Users' });
    expect(api.calls.at(-1)!.query.get('page')).toBe('2');
  });

  it('says so when nobody matches', async () => {
    fakeApi({ 'GET /api/admin/users': page([]) });
    renderConsole('/admin/users?q=nobody');
    expect(await screen.findByText('No user matches.')).toBeTruthy();
    expect((screen.getByLabelText('Search by e-mail or name') as HTMLInputElement).value).toBe('nobody');
  });

  it('shows the search of the list it is on: the Users link starts afresh', async () => {
    fakeApi({ 'GET /api/admin/users': page([adminUserFixture()]) });
    renderConsole('/admin/users?q=bob&has_plan=true');
    await screen.findByRole('table', { name: 'Users' });
    expect((screen.getByLabelText('Has a plan') as HTMLSelectElement).value).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    await screen.findByRole('table', { name: 'Users' });
    expect((screen.getByLabelText('Search by e-mail or name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Has a plan') as HTMLSelectElement).value).toBe('');
  });
});
