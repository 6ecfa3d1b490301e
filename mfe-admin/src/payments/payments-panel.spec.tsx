import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { paymentFixture } from '../testing/admin.fixtures';
import { fail, fakeApi, ok, page } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

const refunded = paymentFixture({
  id: 'in_2',
  kind: 'renewal',
  item_id: 'pro',
  status: 'refunded',
  refunded_cents: 1999,
  subscription_id: 'sub_9',
  checkout_session_id: null,
});

describe('PaymentsPanel', () => {
  it('lists payments with user, amount, status and Stripe ids; Refund only where something is left', async () => {
    fakeApi({ 'GET /api/admin/payments': page([paymentFixture(), refunded]) });
    renderConsole('/admin/payments');
    const table = await screen.findByRole('table', { name: 'Payments' });
    const [, open, done] = within(table).getAllByRole('row');
    expect(open!.textContent).toContain('bob@example.com');
    expect(open!.textContent).toContain('$19.99');
    expect(within(open!).getByRole('button', { name: 'Refund payment cs_test_1' })).toBeTruthy();
    expect(done!.textContent).toContain('Refunded');
    expect(done!.textContent).toContain('$19.99 refunded');
    expect(done!.textContent).toContain('sub_9');
    expect(within(done!).queryByRole('button')).toBeNull();
  });

  it('filters by status', async () => {
    const api = fakeApi({ 'GET /api/admin/payments': page([]) });
    renderConsole('/admin/payments');
    expect(await screen.findByText('No payments.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'disputed' } });
    await waitFor(() => expect(api.calls.at(-1)!.query.get('status')).toBe('disputed'));
  });

  it('refunds with a required reason after confirming, and shows the credits taken back', async () => {
    const api = fakeApi({
      'GET /api/admin/payments': page([paymentFixture()]),
      'POST /api/admin/payments/:id/refund': ok({
        payment: paymentFixture({ status: 'refunded', refunded_cents: 1999, credits_reclaimed: 360 }),
        credits_reclaimed: 360,
        balance: 0,
      }),
    });
    renderConsole('/admin/payments');
    fireEvent.click(await screen.findByRole('button', { name: 'Refund payment cs_test_1' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this payment' });
    expect(dialog.textContent).toContain('Refunds $19.99 to bob@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/payments/:id/refund')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded. 360 credits taken back; balance now 0.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/payments/:id/refund')[0]!.json).toEqual({ reason: 'Customer asked' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/payments').length).toBe(2));
  });

  it('says why Stripe refused', async () => {
    fakeApi({
      'GET /api/admin/payments': page([paymentFixture()]),
      'POST /api/admin/payments/:id/refund': fail(502, 'Stripe refused the refund', 'ADMIN_REFUND_FAILED'),
    });
    renderConsole('/admin/payments');
    fireEvent.click(await screen.findByRole('button', { name: 'Refund payment cs_test_1' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this payment' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Failed: Stripe refused the refund')).toBeTruthy();
  });
});
