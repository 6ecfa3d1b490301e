import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { auditFixture } from '../testing/admin.fixtures';
import { fakeApi, page } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

const stripeRefund = auditFixture({
  id: 'a-2',
  actor_type: 'stripe',
  actor_id: null,
  actor_email: null,
  action: 'payment.refund',
  target_type: 'payment',
  target_id: 'cs_test_1',
  before: { refunded_cents: 0 },
  after: { refunded_cents: 1999 },
  reason: 'Stripe: charge.refunded',
  request_id: null,
});

describe('AuditPanel', () => {
  it('shows who did what to which target, before and after, the reason and the request id', async () => {
    fakeApi({
      'GET /api/admin/audit': page([
        auditFixture({ target_email: 'bob@example.com' }),
        { ...stripeRefund, target_email: 'payer@example.com' },
        auditFixture({ id: 'a-3', target_id: 'u-gone', target_email: null }),
      ]),
    });
    renderConsole('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, admin, stripe, gone] = within(table).getAllByRole('row');
    expect(admin!.textContent).toContain('root@example.com');
    expect(admin!.textContent).toContain('Credit adjustment');
    expect(admin!.textContent).toContain('credits: 40 → credits: 140');
    expect(admin!.textContent).toContain('Goodwill for a failed video');
    expect(admin!.textContent).toContain('req-1');
    // Targets by e-mail: the user's own, a payment's owner; the id only when the user is gone.
    expect(within(admin!).getByRole('link', { name: 'bob@example.com' }).getAttribute('href')).toBe('/admin/users/u-2');
    expect(stripe!.textContent).toContain('Stripe');
    expect(stripe!.textContent).toContain('Payment cs_test_1');
    expect(stripe!.textContent).toContain('of payer@example.com');
    expect(within(gone!).getByRole('link', { name: 'u-gone' }).getAttribute('href')).toBe('/admin/users/u-gone');
  });

  it("names a moderated shared video, linking its public page, with its owner's e-mail", async () => {
    const share = 'AbCdEfGhIjKlMnOpQrStUv';
    fakeApi({
      'GET /api/admin/audit': page([
        auditFixture({
          action: 'gallery.hide',
          target_type: 'share',
          target_id: share,
          target_email: 'olive@example.com',
          before: { state: 'listed' },
          after: { state: 'hidden' },
        }),
      ]),
    });
    renderConsole('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, row] = within(table).getAllByRole('row');
    expect(row!.textContent).toContain('Gallery: hidden');
    expect(row!.textContent).toContain(`Shared video ${share}`);
    expect(row!.textContent).toContain('of olive@example.com');
    expect(within(row!).getByRole('link', { name: share })).toHaveAttribute('href', `/v/${share}`);
  });

  it('names the changes of an effect in both languages, linking the effect to its editor', async () => {
    fakeApi({
      'GET /api/admin/audit': page([
        auditFixture({
          action: 'effect.publish',
          target_type: 'effect',
          target_id: 'e-1',
          target_email: null,
          before: { published: false },
          after: { published: true },
        }),
      ]),
    });
    renderConsole('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, row] = within(table).getAllByRole('row');
    expect(row!.textContent).toContain('Effect published');
    expect(row!.textContent).toContain('Effect e-1');
    expect(within(row!).getByRole('link', { name: 'e-1' })).toHaveAttribute('href', '/admin/effects/e-1');
    act(() => setLanguage('zh-CN'));
    expect(row!.textContent).toContain('发布特效');
  });

  it('filters on the server and exports the same filter as CSV with the token', async () => {
    const api = fakeApi({
      'GET /api/admin/audit': (call) =>
        call.query.get('format') === 'csv'
          ? ({ ok: true, status: 200, text: async () => 'id,action\na-1,credits.adjust\n' } as Response)
          : page([auditFixture()])(),
    });
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderConsole('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'credits.adjust' } });
    fireEvent.change(screen.getByLabelText('Admin (e-mail or user id)'), { target: { value: ' Root@Example.com ' } });
    fireEvent.change(screen.getByLabelText('Target id'), { target: { value: ' u-2 ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('action')).toBe('credits.adjust'));
    expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({
      action: 'credits.adjust',
      actor: 'Root@Example.com',
      target_id: 'u-2',
      from: '2026-03-01',
      page: '1',
      page_size: '25',
      format: 'json',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = api.calls.at(-1)!;
    expect(Object.fromEntries(csv.query)).toEqual({
      action: 'credits.adjust',
      actor: 'Root@Example.com',
      target_id: 'u-2',
      from: '2026-03-01',
      format: 'csv',
    });
    expect(csv.headers.get('Authorization')).toBe('Bearer test-token');
    expect(createObjectURL.mock.calls[0]![0].type).toBe('text/csv');
    click.mockRestore();
  });

  it('says why an export failed', async () => {
    fakeApi({
      'GET /api/admin/audit': (call) =>
        call.query.get('format') === 'csv'
          ? jsonResponse({ success: false, message: 'Admin role required', code: 'AUTH_NOT_ADMIN' }, 403)
          : page([])(),
    });
    renderConsole('/admin/audit');
    expect(await screen.findByText('No audit entries match.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed: Admin role required')).toBeTruthy();
  });
});
