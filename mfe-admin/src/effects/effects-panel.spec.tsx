import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { effectFixture } from '../testing/admin.fixtures';
import { fail, fakeApi, ok } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

const kiss = effectFixture();
const hug = effectFixture({
  id: 'e-2',
  slug: 'hug',
  name: { en: 'Hug', 'zh-CN': '拥抱' },
  badge: null,
  price: 40,
  published: false,
  poster_url: null,
  position: 2,
});
const asmr = effectFixture({
  id: 'e-3',
  slug: 'asmr-word',
  category: 'entertainment',
  name: { en: 'ASMR word', 'zh-CN': 'ASMR 文字' },
  badge: 'new',
  position: 3,
});
const list = (...items: ReturnType<typeof effectFixture>[]) => ok({ items });

describe('EffectsPanel', () => {
  it('is a section at /admin/effects listing every effect in order with its terms and state', async () => {
    fakeApi({ 'GET /api/admin/effects': list(kiss, hug, asmr) });
    renderConsole('/admin/effects');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Effects' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Effects' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Kiss');
    expect(first).toHaveTextContent('kiss');
    expect(first).toHaveTextContent('Interaction');
    expect(first).toHaveTextContent('Hot');
    expect(first).toHaveTextContent('60 credits');
    expect(first).toHaveTextContent('veo3');
    expect(first).toHaveTextContent('Published');
    expect(within(first!).getByRole('button', { name: 'Move Kiss up' })).toBeDisabled();
    expect(within(first!).getByRole('button', { name: 'Unpublish Kiss' })).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Edit Kiss' })).toHaveAttribute('href', '/admin/effects/e-1');
    expect(second).toHaveTextContent('Draft');
    expect(second).toHaveTextContent('No sample yet');
    expect(within(second!).getByRole('button', { name: 'Publish Hug' })).toBeInTheDocument();
    expect(third).toHaveTextContent('Entertainment');
    expect(within(third!).getByRole('button', { name: 'Move ASMR word down' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'New effect' })).toHaveAttribute('href', '/admin/effects/new');
  });

  it('says so when there is no effect', async () => {
    fakeApi({ 'GET /api/admin/effects': list() });
    renderConsole('/admin/effects');
    expect(await screen.findByText('No effects yet.')).toBeInTheDocument();
  });

  it('offers Retry when the list fails', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/admin/effects': () => (++calls === 1 ? fail(500, 'Database down')() : list(kiss)()),
    });
    renderConsole('/admin/effects');
    expect(await screen.findByText(/Database down/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Effects' })).toHaveTextContent('Kiss');
  });

  it('asks for the reason before a move, then sends every id in the new order and shows it', async () => {
    const api = fakeApi({
      'GET /api/admin/effects': list(kiss, hug, asmr),
      'POST /api/admin/effects/reorder': list(hug, kiss, asmr),
    });
    renderConsole('/admin/effects');
    const down = await screen.findByRole('button', { name: 'Move Kiss down' });
    fireEvent.click(down);
    const reason = screen.getByLabelText('Reason for moving effects (kept in the audit log)');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Give a reason (at least 3 characters).'));
    expect(reason).toHaveFocus();
    expect(api.callsTo('POST /api/admin/effects/reorder')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'Hug first for Valentine' } });
    fireEvent.click(down);
    expect(await screen.findByText('Moved Kiss to position 2.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/effects/reorder')[0]!.json).toEqual({
      ids: ['e-2', 'e-1', 'e-3'],
      reason: 'Hug first for Valentine',
    });
    const rows = within(screen.getByRole('table', { name: 'Effects' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Hug');
    expect(rows[2]).toHaveTextContent('Kiss');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Kiss down' })).toHaveFocus());
  });

  it('publishes with a required reason and shows the new state', async () => {
    const api = fakeApi({
      'GET /api/admin/effects': list(kiss, hug),
      'POST /api/admin/effects/:id/publish': ok({ ...hug, published: true }),
    });
    renderConsole('/admin/effects');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Hug' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish this effect' });
    expect(dialog).toHaveTextContent('“Hug” appears on the site at /effects/hug.');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Ready for launch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published “Hug”.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/effects/:id/publish')[0]!.path).toBe('/api/admin/effects/e-2/publish');
    expect(api.callsTo('POST /api/admin/effects/:id/publish')[0]!.json).toEqual({ reason: 'Ready for launch' });
    expect(screen.getByRole('button', { name: 'Unpublish Hug' })).toBeInTheDocument();
  });

  it('reports a refused unpublish in an alert', async () => {
    fakeApi({
      'GET /api/admin/effects': list(kiss),
      'POST /api/admin/effects/:id/unpublish': fail(404, 'This effect does not exist.'),
    });
    renderConsole('/admin/effects');
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish Kiss' }));
    const dialog = screen.getByRole('dialog', { name: 'Unpublish this effect' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Complaints' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed: This effect does not exist.'));
  });

  it('speaks Chinese', async () => {
    setLanguage('zh-CN');
    fakeApi({ 'GET /api/admin/effects': list(kiss) });
    renderConsole('/admin/effects');
    const table = await screen.findByRole('table', { name: '特效' });
    expect(table).toHaveTextContent('亲吻');
    expect(table).toHaveTextContent('互动');
    expect(table).toHaveTextContent('已发布');
    expect(within(table).getByRole('button', { name: '上移 亲吻' })).toBeDisabled();
  });
});
