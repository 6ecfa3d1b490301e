import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { overviewFixture } from '../testing/admin.fixtures';
import { fakeApi, ok } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';
import { defaultRange } from './default-range';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

describe('OverviewPanel', () => {
  it('asks for the last 30 days by default', () => {
    expect(defaultRange(new Date('2026-03-31T12:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
  });

  it('charts every figure by day, each with its numbers as a table', async () => {
    fakeApi({ 'GET /api/admin/overview': ok(overviewFixture()) });
    renderConsole();
    const net = await screen.findByRole('img', { name: /^Net revenue: \$14\.99 in all/ });
    expect(net.querySelectorAll('rect')).toHaveLength(3);
    const table = screen.getByRole('table', { name: 'Net revenue by day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayNet revenue', 'Mar 1$0.00', 'Mar 2$19.99', 'Mar 3-$5.00']);
    expect(screen.getByRole('rowheader', { name: 'veo-3' }).parentElement?.textContent).toBe('veo-3310');
  });

  it('reloads for a chosen range and refuses a start after the end', async () => {
    const api = fakeApi({ 'GET /api/admin/overview': ok(overviewFixture()) });
    renderConsole();
    await screen.findByRole('img', { name: /^Sign-ups/ });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findAllByRole('img', { name: /^Sign-ups/ });
    const last = api.callsTo('GET /api/admin/overview').at(-1)!;
    expect(last.query.get('from')).toBe('2026-02-01');
    expect(last.query.get('to')).toBe('2026-02-10');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be after the end date.');
  });
});
