import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { installDialogPolyfill, renderRoute } from '../testing/render-route';
import AccountPage from './account-page';

const ACTIVE = {
  hasActiveSubscription: true,
  subscription: {
    id: 'sub_1',
    planId: 'pro',
    billingCycle: 'monthly',
    currentPeriodEnd: '2026-12-27T10:00:00.000Z',
    status: 'active',
  },
  portalAvailable: false,
};
const ok = (data: unknown) => jsonResponse({ success: true, data });
const DELETED = { deleted: true, subscription_cancelled: true, credits_forfeited: 2655, videos_deleted: 3 };

/** The API as the account page calls it; `remove` answers POST /api/account/delete. */
function serve(remove: (body: { email: string }) => Response | Promise<Response>) {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/account/delete')) return remove(JSON.parse(String(init?.body)));
    if (url.startsWith('/api/credits/balance'))
      return ok({ total_credits: 2655, transactions: [], user: { id: 'u1', credits: 2655 } });
    if (url.startsWith('/api/credits/u1/transactions')) return ok({ items: [], total: 0, limit: 10, offset: 0 });
    if (url.startsWith('/api/account/profile')) return ok({ member_since: '2026-03-05T08:00:00.000Z' });
    if (url.startsWith('/api/account/payments')) return ok({ items: [], total: 0 });
    if (url.startsWith('/api/stripe/subscription/status')) return ok(ACTIVE);
    return jsonResponse({ success: false, message: `unexpected ${url}` }, 500);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function openDialog() {
  signInForTest({ id: 'u1', email: 'ann@example.com', name: 'Ann Lee' });
  renderRoute('/account', '/account', <AccountPage />);
  const section = screen.getByRole('region', { name: 'Delete account' });
  fireEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

const typeEmail = (dialog: HTMLElement, email: string) =>
  fireEvent.change(within(dialog).getByLabelText('Type your e-mail address (ann@example.com) to confirm'), {
    target: { value: email },
  });

describe('DeleteAccountSection', () => {
  beforeAll(installDialogPolyfill);
  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
  });

  it('names what is lost: the unspent credits by number, the live plan, the videos', async () => {
    serve(() => ok(DELETED));
    const dialog = openDialog();
    expect(await within(dialog).findByText('Your 2,655 unspent credits are lost and not refunded.')).toBeVisible();
    expect(await within(dialog).findByText('Your Pro plan is cancelled at once.')).toBeVisible();
    expect(
      within(dialog).getByText('All your videos, their versions and the images you uploaded are deleted.'),
    ).toBeVisible();
    // Nothing typed yet: the delete button waits for the e-mail.
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  });

  it('a wrong e-mail is refused with a clear message, and the user stays signed in', async () => {
    const fetchMock = serve(() =>
      jsonResponse({ success: false, code: 'ACCOUNT_DELETION_EMAIL_MISMATCH', message: 'mismatch' }, 422),
    );
    const dialog = openDialog();
    typeEmail(dialog, 'bob@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This is not the e-mail address of your account.',
    );
    expect(within(dialog).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(sessionStore.getState().user?.id).toBe('u1');
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/account/delete'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'bob@example.com' });
  });

  it('says when the deletion failed for another reason', async () => {
    serve(() => jsonResponse({ success: false, code: 'ACCOUNT_DELETION_BILLING_FAILED', message: 'stripe' }, 502));
    const dialog = openDialog();
    typeEmail(dialog, 'ann@example.com');
    fireEvent.submit(within(dialog).getByRole('textbox').closest('form')!);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your account could not be deleted. Please try again.',
    );
  });

  it('shows that it is deleting, then signs out and says the account was deleted', async () => {
    let answer: (r: Response) => void = () => {};
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const dialog = openDialog();
    typeEmail(dialog, 'ann@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toHaveAttribute('aria-busy', 'true'),
    );
    await act(async () => answer(ok(DELETED)));
    expect(await screen.findByRole('heading', { name: 'Your account has been deleted' })).toBeInTheDocument();
    expect(sessionStore.getState().user).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('speaks Chinese', async () => {
    setLanguage('zh-CN');
    serve(() => ok(DELETED));
    signInForTest({ id: 'u1', email: 'ann@example.com' });
    renderRoute('/account', '/account', <AccountPage />);
    const section = screen.getByRole('region', { name: '删除账户' });
    fireEvent.click(within(section).getByRole('button', { name: '删除我的账户' }));
    const dialog = screen.getByRole('dialog', { name: '确定删除你的账户吗？' });
    expect(await within(dialog).findByText('你尚未使用的 2,655 积分将作废，不予退款。')).toBeVisible();
    expect(within(dialog).getByLabelText('请输入你的邮箱地址（ann@example.com）以确认')).toBeInTheDocument();
  });
});
