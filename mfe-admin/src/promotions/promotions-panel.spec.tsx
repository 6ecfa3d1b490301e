import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPromotion } from '@veo3/contracts/promotions';
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

const promotion = (over: Partial<AdminPromotion> = {}): AdminPromotion => ({
  id: 'p-1',
  code: 'SPRING',
  percent_off: 25,
  amount_off_cents: null,
  expires_at: null,
  max_redemptions: 3,
  redemptions: 1,
  disabled_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  state: 'active',
  ...over,
});
const list = (items: AdminPromotion[], stripe_configured = false) =>
  ok({ items, page: 1, page_size: 50, total: items.length, stripe_configured });

describe('PromotionsPanel', () => {
  it('is a section at /admin/promotions listing each code with its terms, use and state', async () => {
    fakeApi({
      'GET /api/admin/promotions': list([
        promotion(),
        promotion({
          id: 'p-2',
          code: 'FIVE',
          percent_off: null,
          amount_off_cents: 500,
          max_redemptions: null,
          state: 'disabled',
        }),
      ]),
    });
    renderConsole('/admin/promotions');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Promotions' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Promotion codes' });
    const [, spring, five] = within(table).getAllByRole('row');
    expect(spring).toHaveTextContent('SPRING');
    expect(spring).toHaveTextContent('25 % off');
    expect(spring).toHaveTextContent('Never');
    expect(spring).toHaveTextContent('Active');
    expect(within(spring!).getByRole('button', { name: 'Disable SPRING' })).toBeInTheDocument();
    expect(five).toHaveTextContent('$5.00 off');
    expect(five).toHaveTextContent('No limit');
    expect(five).toHaveTextContent('Disabled');
    expect(within(five!).queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Stripe is configured/)).toBeNull();
  });

  it('says the codes are for the simulated checkout only when Stripe is configured', async () => {
    fakeApi({ 'GET /api/admin/promotions': list([], true) });
    renderConsole('/admin/promotions');
    expect(await screen.findByText(/these codes apply to the simulated checkout only/)).toBeInTheDocument();
    expect(screen.getByText('No promotion codes yet.')).toBeInTheDocument();
  });

  it('checks the form, creates a code and says so; a taken code is reported', async () => {
    const api = fakeApi({
      'GET /api/admin/promotions': list([]),
      'POST /api/admin/promotions': ok(promotion({ code: 'NEW-1' })),
    });
    renderConsole('/admin/promotions');
    const form = await screen.findByRole('form', { name: 'New promotion code' });
    fireEvent.change(within(form).getByLabelText('Code', { exact: false }), { target: { value: 'a' } });
    fireEvent.change(within(form).getByLabelText('Percent off (1–100)'), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(
      within(form).getByText('The code must be 3 to 32 characters: letters, digits, _ and -.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Percent off must be a whole number from 1 to 100.')).toBeInTheDocument();
    expect(within(form).getByText('Give a reason (at least 3 characters).')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/promotions')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Code', { exact: false }), { target: { value: 'new-1' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Amount off (USD)' }));
    fireEvent.change(within(form).getByLabelText('Amount off in USD'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Newsletter' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Code NEW-1 created.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/promotions')[0]!.json).toEqual({
      code: 'NEW-1',
      percent_off: null,
      amount_off_cents: 500,
      expires_at: null,
      max_redemptions: null,
      reason: 'Newsletter',
    });
  });

  it('disables a code with a required reason and reads the list again', async () => {
    const api = fakeApi({
      'GET /api/admin/promotions': list([promotion()]),
      'POST /api/admin/promotions/:id/disable': ok(promotion({ state: 'disabled' })),
    });
    renderConsole('/admin/promotions');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable SPRING' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable promotion code' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Leaked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Code SPRING disabled.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/promotions/:id/disable')[0]!.json).toEqual({ reason: 'Leaked' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/promotions')).toHaveLength(2));
  });

  it('reports a failed change in an alert', async () => {
    fakeApi({
      'GET /api/admin/promotions': list([promotion()]),
      'POST /api/admin/promotions/:id/disable': fail(404, 'This promotion code does not exist.'),
    });
    renderConsole('/admin/promotions');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable SPRING' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable promotion code' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Leaked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This promotion code does not exist.');
  });
});
