import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { taskFixture } from '../testing/admin.fixtures';
import { fakeApi, ok, page } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

describe('TasksPanel', () => {
  it('lists failed tasks with the provider’s reason; a refunded one offers Retry only', async () => {
    fakeApi({
      'GET /api/admin/tasks': page([taskFixture(), taskFixture({ id: 't-2', refunded: true })]),
    });
    renderConsole('/admin/tasks');
    const table = await screen.findByRole('table', { name: 'Tasks' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('quota exceeded');
    expect(first!.textContent).toContain('Not refunded');
    expect(within(first!).getByRole('button', { name: 'Refund task t-1' })).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: 'Refund task t-2' })).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Retry task t-2' })).toBeTruthy();
  });

  it('switches to the stuck tasks', async () => {
    const api = fakeApi({ 'GET /api/admin/tasks': page([]) });
    renderConsole('/admin/tasks');
    await screen.findByText('No failed generations.');
    fireEvent.click(screen.getByRole('radio', { name: 'Stuck' }));
    expect(await screen.findByText('No stuck generations.')).toBeTruthy();
    expect(api.calls.at(-1)!.query.get('status')).toBe('stuck');
  });

  it('refunds a task with a reason and retries one without', async () => {
    const api = fakeApi({
      'GET /api/admin/tasks': page([taskFixture()]),
      'POST /api/admin/tasks/:id/refund': ok({ task: taskFixture({ refunded: true }), credits_refunded: 40 }),
      'POST /api/admin/tasks/:id/retry': ok({ task: taskFixture({ status: 'pending' }) }),
    });
    renderConsole('/admin/tasks');
    fireEvent.click(await screen.findByRole('button', { name: 'Refund task t-1' }));
    let dialog = screen.getByRole('dialog', { name: 'Refund this generation' });
    expect(dialog.textContent).toContain('Gives 40 credits back to bob@example.com, once.');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Provider outage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded 40 credits.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/tasks/:id/refund')[0]!.json).toEqual({ reason: 'Provider outage' });

    fireEvent.click(screen.getByRole('button', { name: 'Retry task t-1' }));
    dialog = screen.getByRole('dialog', { name: 'Retry this generation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Queued again.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/tasks/:id/retry')[0]!.json).toEqual({});
    await waitFor(() => expect(api.callsTo('GET /api/admin/tasks').length).toBeGreaterThanOrEqual(3));
  });
});
