import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { overviewFixture } from '../testing/admin.fixtures';
import { fail, fakeApi, ok, page } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

describe('AdminPage', () => {
  it('names its sections in a navigation landmark and opens on the overview', async () => {
    const api = fakeApi({ 'GET /api/admin/overview': ok(overviewFixture()) });
    renderConsole();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Overview', 'Users', 'Payments', 'Tasks', 'Audit log', 'API', 'Gallery', 'Promotions', 'Effects']);
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('img', { name: /^Sign-ups: 7 in all, highest 5 on Mar 2/ })).toBeTruthy();
    expect(document.title).toBe('Admin Console | Veo 3 Studio');
    const call = api.callsTo('GET /api/admin/overview')[0]!;
    expect(call.headers.get('Authorization')).toBe('Bearer test-token');
    expect(call.headers.get('x-user-id')).toBeNull();
  });

  it('moves between sections by their links', async () => {
    fakeApi({
      'GET /api/admin/overview': ok(overviewFixture()),
      'GET /api/admin/tasks': page([]),
    });
    renderConsole();
    fireEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    expect(await screen.findByText('No failed generations.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tasks' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the server’s refusal with a Retry that asks again', async () => {
    const api = fakeApi({ 'GET /api/admin/payments': fail(403, 'Admin role required') });
    renderConsole('/admin/payments');
    const message = await screen.findByText('Could not load this: Admin role required');
    fireEvent.click(within(message.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/payments').length).toBe(2));
    expect(await screen.findByText('Could not load this: Admin role required')).toBeTruthy();
  });

  it('speaks Chinese when the reader does', async () => {
    fakeApi({ 'GET /api/admin/overview': ok(overviewFixture()) });
    act(() => setLanguage('zh-CN'));
    renderConsole();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('管理后台');
    expect(screen.getByRole('navigation', { name: '管理栏目' })).toBeTruthy();
  });
});
