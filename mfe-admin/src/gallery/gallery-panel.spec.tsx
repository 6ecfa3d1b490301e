import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminGalleryItem } from '@veo3/contracts/gallery';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import { fail, fakeApi, ok, page } from '../testing/fake-api';
import { renderConsole } from '../testing/render-console';

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest({ is_admin: true });
});

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const video = (over: Partial<AdminGalleryItem> = {}): AdminGalleryItem => ({
  id: ID,
  url: `http://localhost/v/${ID}`,
  poster_url: `/v/${ID}/poster.jpg`,
  video_url: `/v/${ID}/video.mp4`,
  prompt: 'a street fight in the rain',
  show_prompt: true,
  model: 'veo3',
  duration_s: 8,
  aspect_ratio: '16:9',
  creator_name: 'Olive',
  category: 'movie',
  state: 'held',
  reason: 'Reported by visitors',
  listed_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-19T10:00:00.000Z',
  views: 1234,
  remixes: 2,
  owner_id: 'u-7',
  owner_email: 'olive@example.com',
  owner_banned: false,
  reports: {
    open: 3,
    by_reason: [
      { reason: 'violence', count: 2 },
      { reason: 'copyright', count: 1 },
    ],
    details: ['too violent'],
  },
  ...over,
});

describe('GalleryPanel', () => {
  it('is a section of the console at /admin/gallery, waiting for review first', async () => {
    const api = fakeApi({ 'GET /api/admin/gallery': page([]) });
    renderConsole('/admin/gallery');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Nothing is waiting for review.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Waiting for review' })).toBeChecked();
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ state: 'held', page: '1' });
  });

  it('shows each video with its poster, prompt, owner, state and reports, and plays it on demand', async () => {
    fakeApi({ 'GET /api/admin/gallery': page([video()]) });
    renderConsole('/admin/gallery');
    const item = await screen.findByRole('article', { name: 'a street fight in the rain' });
    expect(item.querySelector('img')).toHaveAttribute('src', `/v/${ID}/poster.jpg`);
    expect(item.querySelector('video')).toBeNull();
    expect(within(item).getByRole('link', { name: 'olive@example.com' })).toHaveAttribute('href', '/admin/users/u-7');
    expect(item).toHaveTextContent('Waiting for review');
    expect(item).toHaveTextContent('Why: Reported by visitors');
    expect(item).toHaveTextContent('1,234 views');
    expect(item).toHaveTextContent('3 open');
    expect(item).toHaveTextContent('Violence or harm: 2');
    expect(item).toHaveTextContent('Copyright: 1');
    expect(item).toHaveTextContent('too violent');
    expect(within(item).getByRole('link', { name: 'Open its page' })).toHaveAttribute(
      'href',
      `http://localhost/v/${ID}`,
    );
    const names = within(item)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Play the video', 'Hide', 'Restore', 'Dismiss reports', 'Ban user']);
    fireEvent.click(within(item).getByRole('button', { name: 'Play the video' }));
    expect(item.querySelector('video')).toHaveAttribute('src', `/v/${ID}/video.mp4`);
  });

  it('switches tabs in the address and pages by 25', async () => {
    const api = fakeApi({ 'GET /api/admin/gallery': page([video({ state: 'listed' })], { total: 30, page: 2 }) });
    renderConsole('/admin/gallery?state=listed&page=2');
    await screen.findByRole('article');
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ state: 'listed', page: '2' });
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Reported' }));
    await waitFor(() => expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({ state: 'reported', page: '1' }));
  });

  it('hides with a required reason after confirming, says so in a live region, and reads the queue again', async () => {
    const api = fakeApi({
      'GET /api/admin/gallery': page([video()]),
      'POST /api/admin/gallery/:id/hide': ok(video({ state: 'hidden', reason: 'gore' })),
    });
    renderConsole('/admin/gallery');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide: “a street fight in the rain”' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this video' });
    expect(dialog).toHaveTextContent('Takes “a street fight in the rain” of olive@example.com out of the gallery');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/gallery/:id/hide')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'gore' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Hidden “a street fight in the rain”.')).toBeInTheDocument();
    expect(screen.getByText('Hidden “a street fight in the rain”.').closest('[role="status"]')).not.toBeNull();
    const [call] = api.callsTo('POST /api/admin/gallery/:id/hide');
    expect(call!.path).toBe(`/api/admin/gallery/${ID}/hide`);
    expect(call!.json).toEqual({ reason: 'gore' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/gallery')).toHaveLength(2));
  });

  it('bans the owner and says how many videos the ban hid; unbans a banned one', async () => {
    const api = fakeApi({
      'GET /api/admin/gallery': page([video(), video({ id: 'x'.repeat(22), owner_banned: true, state: 'hidden' })]),
      'POST /api/admin/gallery/users/:id/ban': ok({ user_id: 'u-7', banned: true, hidden: 4 }),
      'POST /api/admin/gallery/users/:id/unban': ok({ user_id: 'u-7', banned: false, hidden: 0 }),
    });
    renderConsole('/admin/gallery');
    const [first, second] = await screen.findAllByRole('article');
    expect(second).toHaveTextContent('Banned from the gallery');
    expect(within(second!).queryByRole('button', { name: /Ban user/ })).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Ban user: “olive@example.com”' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban this user from the gallery' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'spam account' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await screen.findByText('Banned olive@example.com from the gallery: 4 videos hidden.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/gallery/users/:id/ban')[0]!.path).toBe('/api/admin/gallery/users/u-7/ban');
    fireEvent.click(within(second!).getByRole('button', { name: 'Unban: “olive@example.com”' }));
    const unban = screen.getByRole('dialog', { name: 'Lift the gallery ban' });
    fireEvent.change(within(unban).getByLabelText('Reason'), { target: { value: 'appealed' } });
    fireEvent.click(within(unban).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('Lifted the gallery ban of olive@example.com.')).toBeInTheDocument();
  });

  it("says why the server refused, and keeps the dialog's reason", async () => {
    fakeApi({
      'GET /api/admin/gallery': page([video({ owner_banned: true, state: 'hidden' })]),
      'POST /api/admin/gallery/:id/restore': fail(409, 'Its owner is banned from the gallery', 'GALLERY_OWNER_BANNED'),
    });
    renderConsole('/admin/gallery?state=hidden');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore: “a street fight in the rain”' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore this video' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'fine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: Its owner is banned from the gallery');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('fine');
  });

  it('shows a failure with Retry', async () => {
    let calls = 0;
    fakeApi({ 'GET /api/admin/gallery': () => (++calls === 1 ? fail(500, 'Database down')() : page([video()])()) });
    renderConsole('/admin/gallery');
    expect(await screen.findByText('Could not load this: Database down')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    fakeApi({ 'GET /api/admin/gallery': page([video()]) });
    act(() => setLanguage('zh-CN'));
    renderConsole('/admin/gallery');
    const item = await screen.findByRole('article');
    expect(
      within(screen.getByRole('navigation', { name: '管理栏目' })).getByRole('link', { name: '社区作品' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '待审核' })).toBeChecked();
    expect(item).toHaveTextContent('暴力或伤害: 2');
    fireEvent.click(within(item).getByRole('button', { name: '隐藏：“a street fight in the rain”' }));
    expect(screen.getByRole('dialog', { name: '隐藏此视频' })).toHaveTextContent('它的链接仍然有效。');
  });
});
