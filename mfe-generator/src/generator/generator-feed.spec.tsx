import { act, fireEvent, screen, within } from '@testing-library/react';
import { taskEvents } from '@veo3/platform/events/task-events';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { FakeTaskEvents } from '@veo3/platform/testing/fake-task-events';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { renderGeneratorAt as renderAt } from '../testing/render-generator';
import { UNDO_WINDOW_MS } from './use-feed-delete';

jest.mock('@veo3/platform/events/task-events', () => ({
  taskEvents: jest.requireActual('@veo3/platform/testing/fake-task-events').createFakeTaskEvents(),
}));
const stream = taskEvents as unknown as FakeTaskEvents;

const now = Date.parse('2026-11-27T12:00:00.000Z');
const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();

/** A task as GET /api/video/recent and the event stream carry it. */
function task(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    taskId: id,
    status: 'completed' as string,
    status_message: null as string | null,
    result_url: `/api/video/file/${id}?sig=s`,
    poster_url: null,
    error_code: null,
    error_message: null,
    model: 'veo3',
    prompt: `Prompt of ${id}`,
    negative_prompt: null,
    image_url: null,
    last_frame_url: null,
    aspect_ratio: '16:9' as const,
    resolution: '720p' as const,
    created_at: at(600),
    updated_at: at(300),
    expires_at: at(-3600),
    kind: 'generate' as const,
    parent_task_id: null,
    root_task_id: id,
    instruction: null,
    duration_s: 8,
    reference_image_urls: [],
    seed: null,
    batch_id: null,
    ...extra,
  };
}

function videoOptions({ variations = [1, 2, 4], seed = true } = {}) {
  const model = {
    available: true,
    message: null,
    prices: { '720p': 40, '1080p': 40 },
    per_second: null,
    durations: [8],
    editable: false,
    seed,
    extend_instruction: false,
  };
  return jsonResponse({
    success: true,
    data: {
      defaults: { aspect_ratio: '16:9', resolution: '720p' },
      shapes: [{ aspect_ratio: '16:9', resolution: '720p' }],
      negative_prompt: true,
      last_frame: true,
      models: { veo3: model, 'veo3-fast-frames': model },
      variations,
      max_active: 3,
    },
  });
}

let recent: ReturnType<typeof task>[];
let generateReply: () => Response;
let fetchMock: jest.Mock;
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const feed = () => screen.getByRole('region', { name: 'Your videos' });
const cards = () => within(feed()).queryAllByRole('article');
const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));
const sentForm = () => (calls('/api/video/generate').at(-1) as [string, RequestInit])[1].body as FormData;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  jest.useFakeTimers({ now });
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  stream.reset();
  recent = [];
  generateReply = () => jsonResponse({ success: true, data: { taskId: 'n1', taskIds: ['n1'], remainingCredits: 80 } });
  fetchMock = jest.fn(async (url: string) => {
    if (url === '/api/video/options') return videoOptions();
    if (url.startsWith('/api/video/recent'))
      return jsonResponse({ success: true, data: { items: recent, active: 0, max_active: 3 } });
    if (url === '/api/video/generate') return generateReply();
    if (url.startsWith('/api/video/status/')) {
      const id = url.split('/').at(-1)!;
      return jsonResponse({ success: true, data: recent.find((t) => t.id === id) ?? task(id, { status: 'pending' }) });
    }
    if (url.startsWith('/api/video/tasks/')) return jsonResponse({ success: true, data: { id: 'x' } });
    throw new Error(`unexpected ${url}`);
  });
  globalThis.fetch = fetchMock;
  signInForTest({ credits: 400 });
});

afterEach(() => jest.useRealTimers());

describe('the generator feed', () => {
  it("lists the user's recent tasks newest first, each with its state, facts and seed", async () => {
    stream.ready();
    recent = [
      task('a', { status: 'processing', status_message: 'Rendering video… 40%', created_at: at(30) }),
      task('b', { seed: 12345 }),
      task('c', { status: 'failed', result_url: null, error_message: 'The prompt was blocked', created_at: at(900) }),
    ];
    renderAt('/text-to-veo3-video');
    await advance(0);
    expect(cards().map((card) => card.getAttribute('data-status'))).toEqual(['generating', 'success', 'error']);
    expect(within(cards()[0]!).getAllByRole('status')[0]!.textContent).toBe(
      'Generating your video... Rendering video… 40%',
    );
    expect(within(cards()[1]!).getByText('VEO 3 Text · 8 s · 16:9 · 720p · Seed 12345')).toBeTruthy();
    expect(cards()[1]!.querySelector('video')!.getAttribute('src')).toBe('/api/video/file/b?sig=s');
    expect(within(cards()[2]!).getByRole('alert').textContent).toContain('Video Generation Failed');
    expect(within(cards()[2]!).getByRole('alert').textContent).toContain('The prompt was blocked');
    expect(within(feed()).getByText('1 of 3 in progress')).toBeTruthy();
  });

  it('keeps cards live from the event stream without polling, and lists a task started in another tab', async () => {
    stream.ready();
    recent = [task('a', { status: 'processing', created_at: at(30) })];
    renderAt('/text-to-veo3-video');
    await advance(0);
    stream.emitTask('progress', task('a', { status: 'processing', status_message: 'Rendering video… 70%' }));
    expect(within(cards()[0]!).getAllByRole('status')[0]!.textContent).toContain('Rendering video… 70%');
    stream.emitTask('completed', task('a', { updated_at: at(0) }));
    await advance(30_000);
    expect(cards()[0]!.querySelector('video')).toBeTruthy();
    // At most the one read of a task the live connection may have missed: no polling.
    expect(calls('/api/video/status/').length).toBeLessThanOrEqual(1);

    recent = [task('z', { status: 'pending', created_at: at(1) }), ...recent];
    stream.emitTask('progress', recent[0]!);
    await advance(0);
    expect(cards()).toHaveLength(2);
    expect(within(cards()[0]!).getByRole('heading').textContent).toBe('Prompt of z');
  });

  it('translates known progress lines in Chinese', async () => {
    stream.ready();
    recent = [task('a', { status: 'processing', status_message: 'Rendering video… 0%', created_at: at(30) })];
    renderAt('/text-to-veo3-video');
    await advance(0);
    act(() => setLanguage('zh-CN'));
    const zhCards = within(screen.getByRole('region', { name: '你的视频' })).getAllByRole('article');
    expect(within(zhCards[0]!).getAllByRole('status')[0]!.textContent).toBe('正在生成你的视频... 正在渲染视频… 0%');
  });

  it('sends several generations at once, each a card at the top, with the form usable meanwhile', async () => {
    stream.ready();
    renderAt('/text-to-veo3-video');
    await advance(0);
    for (const id of ['n1', 'n2']) {
      generateReply = () => jsonResponse({ success: true, data: { taskId: id, taskIds: [id], remainingCredits: 80 } });
      fireEvent.change(prompt(), { target: { value: `Video ${id}` } });
      fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
      await advance(0);
    }
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Video n2', 'Video n1']);
    expect(within(feed()).getByText('2 of 3 in progress')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
  });

  it('×2 sends variations and the seed, prices both, and shows a card per task made', async () => {
    stream.ready();
    renderAt('/text-to-veo3-video');
    await advance(0);
    fireEvent.change(screen.getByLabelText('Videos'), { target: { value: '2' } });
    expect(screen.getByText('2 videos · 80 credits')).toBeTruthy();
    fireEvent.click(screen.getByText('More options'));
    fireEvent.change(screen.getByLabelText('Seed (optional)'), { target: { value: '77' } });
    fireEvent.change(prompt(), { target: { value: 'Two kites' } });
    generateReply = () =>
      jsonResponse({ success: true, data: { taskId: 'v1', taskIds: ['v1', 'v2'], remainingCredits: 320 } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await advance(0);
    expect(sentForm().get('variations')).toBe('2');
    expect(sentForm().get('seed')).toBe('77');
    expect(cards()).toHaveLength(2);
  });

  it('refuses a seed that is no whole number in range, beside Generate, and focuses the field', async () => {
    renderAt('/text-to-veo3-video');
    await advance(0);
    fireEvent.click(screen.getByText('More options'));
    const seed = screen.getByLabelText('Seed (optional)');
    fireEvent.change(seed, { target: { value: '4294967296' } });
    fireEvent.change(prompt(), { target: { value: 'A kite' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await advance(20);
    expect(screen.getByText('The seed must be a whole number from 0 to 4,294,967,295.')).toBeTruthy();
    expect(document.activeElement).toBe(seed);
    expect(calls('/api/video/generate')).toHaveLength(0);
  });

  it('checks the balance against all the videos: ×4 of 40 credits needs 160', async () => {
    signInForTest({ credits: 100 });
    renderAt('/text-to-veo3-video');
    await advance(0);
    fireEvent.change(screen.getByLabelText('Videos'), { target: { value: '4' } });
    expect(screen.getByText('Not enough credits (100/160)')).toBeTruthy();
    fireEvent.change(prompt(), { target: { value: 'A kite' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    expect(calls('/api/video/generate')).toHaveLength(0);
  });

  it("Reuse puts the task's prompt, tab and seed back in the form", async () => {
    recent = [task('b', { seed: 4242, prompt: 'A kite over the sea' })];
    renderAt('/text-to-veo3-video?type=image');
    await advance(0);
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: /^Reuse/ }));
    await advance(0);
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=text');
    expect(prompt().value).toBe('A kite over the sea');
    expect(screen.getByLabelText<HTMLInputElement>('Seed (optional)').value).toBe('4242');
  });

  it('Delete turns the card into "Video deleted." with Undo, which restores it', async () => {
    recent = [task('b')];
    renderAt('/text-to-veo3-video');
    await advance(0);
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Delete “Prompt of b”' }));
    expect(cards()).toHaveLength(0);
    const undo = screen.getByRole('button', { name: 'Undo deleting “Prompt of b”' });
    expect(document.activeElement).toBe(undo);
    await advance(0);
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/video/tasks/b' && init.method === 'DELETE')).toBe(
      true,
    );
    fireEvent.click(undo);
    await advance(0);
    expect(calls('/api/video/tasks/b/restore')).toHaveLength(1);
    expect(cards()).toHaveLength(1);
  });

  it('drops a deleted card once Undo is no longer offered', async () => {
    recent = [task('b')];
    renderAt('/text-to-veo3-video');
    await advance(0);
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Delete “Prompt of b”' }));
    recent = [];
    await advance(UNDO_WINDOW_MS);
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });
});
