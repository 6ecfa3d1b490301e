import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { adminUserFixture, auditFixture, userDetailFixture } from '../testing/admin.fixtures';
import { fail, fakeApi, ok, page, type FakeRoute } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ id: 'u-1', is_admin: true });
});

function userApi(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/admin/users/:id': ok(userDetailFixture()),
    'GET /api/admin/audit': page([auditFixture()]),
    ...extra,
  });
}

const adjustForm = () => screen.getByRole('form', { name: 'Adjust credits' });

describe('UserDetail', () => {
  it('shows the balance, ledger, payments, subscription, tasks, sessions and the audit rows of the user', async () => {
    const api = userApi();
    renderConsole('/admin/users/u-2');
    expect(await screen.findByRole('heading', { name: 'bob@example.com' })).toBeTruthy();
    expect(screen.getByText('40 credits')).toBeTruthy();
    const ledger = screen.getByRole('table', { name: 'Ledger (latest 50)' });
    expect(within(ledger).getAllByRole('row')[1]!.textContent).toContain('+400440purchaseStarter pack');
    expect(within(screen.getByRole('table', { name: 'Payments' })).getByText('cs_test_1')).toBeTruthy();
    expect(screen.getByText('No subscription.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Tasks' })).getByText('quota exceeded')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Sessions' })).getByText('Firefox')).toBeTruthy();
    const audit = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(audit).getByText('Goodwill for a failed video')).toBeTruthy();
    expect(api.callsTo('GET /api/admin/audit')[0]!.query.get('target_id')).toBe('u-2');
  });

  it('heads the page with plain facts: name, sign-in method, member since, last sign-in; no dangling dashes', async () => {
    userApi({
      'GET /api/admin/users/:id': ok(
        userDetailFixture({
          user: adminUserFixture({ name: null, provider: 'dev' }),
          sessions: [
            { id: 's-1', created_at: '2026-03-01T10:00:00.000Z', expires_at: null, revoked_at: null, user_agent: null },
            { id: 's-2', created_at: '2026-03-05T09:30:00.000Z', expires_at: null, revoked_at: null, user_agent: null },
          ],
        }),
      ),
    });
    renderConsole('/admin/users/u-2');
    const heading = await screen.findByRole('heading', { name: 'bob@example.com' });
    const intro = heading.nextElementSibling!.textContent!;
    expect(intro).toMatch(/^Signed in with: Development sign-in · Member since Mar 1, 2026 · Last sign-in Mar 5, 2026/);
    expect(intro).not.toContain('—');
    expect(intro).not.toMatch(/·\s*$/);
  });

  it('names a Google user and their roles; zh-CN in Chinese', async () => {
    act(() => setLanguage('zh-CN'));
    userApi({
      'GET /api/admin/users/:id': ok(
        userDetailFixture({ user: adminUserFixture({ provider: 'google', can_manage_blog: true }), sessions: [] }),
      ),
    });
    renderConsole('/admin/users/u-2');
    const heading = await screen.findByRole('heading', { name: 'bob@example.com' });
    const intro = heading.nextElementSibling!.textContent!;
    expect(intro).toMatch(/^Bob · 登录方式：Google · 注册于 .+ · 暂无登录记录 · /);
  });

  it('says so for a user that does not exist', async () => {
    userApi({ 'GET /api/admin/users/:id': fail(404, 'User not found') });
    renderConsole('/admin/users/nobody');
    expect(await screen.findByText('This user does not exist.')).toBeTruthy();
  });

  it('adjusts credits with a required reason, one Idempotency-Key per submit, then reloads the user', async () => {
    const api = userApi({
      'POST /api/admin/users/:id/credits': ok({
        balance: 140,
        transaction: {
          id: 'l-2',
          amount: 100,
          balance_after: 140,
          source_type: 'admin',
          source_id: null,
          description: 'Goodwill',
          created_at: '2026-03-04T10:00:00.000Z',
        },
      }),
    });
    renderConsole('/admin/users/u-2');
    await screen.findByRole('heading', { name: 'bob@example.com' });
    const form = adjustForm();
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    expect(within(form).getByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(within(form).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/admin/users/:id/credits')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    expect(await within(form).findByText('Credits adjusted: +100. New balance 140.')).toBeTruthy();
    const [first] = api.callsTo('POST /api/admin/users/:id/credits');
    expect(first!.path).toBe('/api/admin/users/u-2/credits');
    expect(first!.json).toEqual({ amount: 100, reason: 'Goodwill' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/users/:id').length).toBe(2));

    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '-5' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Correction' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/users/:id/credits')).toHaveLength(2));
    const [a, b] = api.callsTo('POST /api/admin/users/:id/credits');
    expect(a!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(b!.headers.get('Idempotency-Key')).not.toBe(a!.headers.get('Idempotency-Key'));
    expect(b!.json).toEqual({ amount: -5, reason: 'Correction' });
  });

  it('refuses an amount that is not a whole number other than zero', async () => {
    const api = userApi();
    renderConsole('/admin/users/u-2');
    await screen.findByRole('heading', { name: 'bob@example.com' });
    for (const value of ['0', '1.5', 'ten', '']) {
      fireEvent.change(within(adjustForm()).getByLabelText('Amount'), { target: { value } });
      fireEvent.change(within(adjustForm()).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
      fireEvent.click(within(adjustForm()).getByRole('button', { name: 'Apply adjustment' }));
      expect(within(adjustForm()).getByText('Enter a whole number other than zero.')).toBeTruthy();
    }
    expect(api.callsTo('POST /api/admin/users/:id/credits')).toHaveLength(0);
  });

  it('shows the server’s refusal of a take-back below zero', async () => {
    userApi({
      'POST /api/admin/users/:id/credits': fail(409, 'The balance would go below zero', 'ADMIN_BALANCE_BELOW_ZERO'),
    });
    renderConsole('/admin/users/u-2');
    await screen.findByRole('heading', { name: 'bob@example.com' });
    fireEvent.change(within(adjustForm()).getByLabelText('Amount'), { target: { value: '-500' } });
    fireEvent.change(within(adjustForm()).getByLabelText('Reason'), { target: { value: 'Chargeback' } });
    fireEvent.click(within(adjustForm()).getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByText('Failed: The balance would go below zero')).toBeTruthy();
    expect((within(adjustForm()).getByLabelText('Amount') as HTMLInputElement).value).toBe('-500');
  });

  it('grants a role after a confirmation and says when nothing changed', async () => {
    const api = userApi({
      'POST /api/admin/users/:id/roles': ok({ user: adminUserFixture({ can_manage_blog: true }) }),
    });
    renderConsole('/admin/users/u-2');
    await screen.findByRole('heading', { name: 'bob@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Blog manager' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant Blog manager' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Blog manager granted.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/users/:id/roles')[0]!.json).toEqual({ role: 'blog_manager', granted: true });
  });

  it('cannot remove one’s own admin role or a configured one', async () => {
    userApi({
      'GET /api/admin/users/:id': ok(
        userDetailFixture({
          user: adminUserFixture({ id: 'u-1', is_admin: true, can_manage_blog: true, config_roles: ['blog_manager'] }),
        }),
      ),
    });
    renderConsole('/admin/users/u-1');
    await screen.findByRole('heading', { name: 'bob@example.com' });
    expect((screen.getByRole('button', { name: 'Remove Admin' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You cannot remove your own admin role.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove Blog manager' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Given by the configuration; it cannot be removed here.')).toBeTruthy();
  });

  it('signs the user out everywhere only once confirmed', async () => {
    const api = userApi({ 'POST /api/admin/users/:id/sign-out': ok({ sessions_revoked: 3 }) });
    renderConsole('/admin/users/u-2');
    await screen.findByRole('heading', { name: 'bob@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere' });
    expect(within(dialog).getByText('Sign bob@example.com out on every device?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/admin/users/:id/sign-out')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const again = screen.getByRole('dialog', { name: 'Sign out everywhere' });
    fireEvent.change(within(again).getByLabelText('Reason (optional)'), { target: { value: 'Stolen laptop' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Signed out: 3 sessions ended.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/users/:id/sign-out')[0]!.json).toEqual({ reason: 'Stolen laptop' });
  });

  it('deletes the account only with a reason, and says what was done', async () => {
    const api = userApi({
      'POST /api/admin/users/:id/delete': ok({
        deleted: true,
        subscription_cancelled: false,
        credits_forfeited: 40,
        videos_deleted: 2,
      }),
    });
    renderConsole('/admin/users/u-2');
    await screen.findByRole('heading', { name: 'bob@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    expect(within(dialog).getByText(/Delete the account of bob@example.com\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/users/:id/delete')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Erasure request by post' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Account deleted: 40 credits forfeited, 2 videos deleted.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/users/:id/delete')[0]!.json).toEqual({ reason: 'Erasure request by post' });
  });
});
