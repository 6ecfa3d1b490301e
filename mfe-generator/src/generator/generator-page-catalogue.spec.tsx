import { act, fireEvent, screen, within } from '@testing-library/react';
import { taskEvents } from '@veo3/platform/events/task-events';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { FakeTaskEvents } from '@veo3/platform/testing/fake-task-events';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { catalogueOptions, FIXTURE_CATALOGUE } from '../testing/catalogue-fixture';
import { renderGeneratorAt as renderAt } from '../testing/render-generator';

jest.mock('@veo3/platform/events/task-events', () => ({
  taskEvents: jest.requireActual('@veo3/platform/testing/fake-task-events').createFakeTaskEvents(),
}));
jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));
const stream = taskEvents as unknown as FakeTaskEvents;

const now = Date.parse('2026-11-27T12:00:00.000Z');
const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();

/** A task as GET /api/video/recent, the status route and the event stream carry it. */
function task(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    taskId: id,
    status: 'completed' as string,
    status_message: null as string | null,
    result_url: `/api/video/file/${id}?sig=s` as string | null,
    poster_url: null,
    error_code: null,
    error_message: null,
    model: 'seedance-1.0-pro',
    prompt: `Prompt of ${id}`,
    negative_prompt: null,
    image_url: null,
    last_frame_url: null,
    aspect_ratio: '16:9' as const,
    resolution: '720p' as '360p' | '480p' | '720p' | '1080p',
    created_at: at(600),
    updated_at: at(300),
    expires_at: at(-3600),
    kind: 'generate' as const,
    parent_task_id: null,
    root_task_id: id,
    instruction: null,
    duration_s: 5,
    reference_image_urls: [],
    seed: null,
    batch_id: null as string | null,
    ...extra,
  };
}

let recent: ReturnType<typeof task>[];
let options: ReturnType<typeof catalogueOptions>;
let generateReply: () => Response;
let fetchMock: jest.Mock;
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const feed = () => screen.getByRole('region', { name: 'Your videos' });
const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const modelButton = () => screen.getByRole('button', { name: /^Model / });
/** The picker's list, once open. */
const panel = () => document.getElementById(modelButton().getAttribute('aria-controls')!)!;
const cost = () => screen.getByText(/credits$/, { selector: 'strong' }).textContent;
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));
const sentForm = () => (calls('/api/video/generate').at(-1) as [string, RequestInit])[1].body as FormData;
const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
/** Opens the picker and chooses `name` with a click (which closes it). */
function chooseModel(name: string) {
  fireEvent.click(modelButton());
  fireEvent.click(screen.getByRole('radio', { name }), { detail: 1 });
}
/** The text a model's option is described by: its facts, strength and any reason it is disabled. */
const description = (option: HTMLElement) =>
  option
    .getAttribute('aria-describedby')!
    .split(' ')
    .map((id) => document.getElementById(id)!.textContent)
    .join(' | ');

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
  options = catalogueOptions();
  generateReply = () => jsonResponse({ success: true, data: { taskId: 'n1', taskIds: ['n1'], remainingCredits: 300 } });
  fetchMock = jest.fn(async (url: string) => {
    if (url === '/api/video/options') return jsonResponse({ success: true, data: options });
    if (url.startsWith('/api/video/recent'))
      return jsonResponse({ success: true, data: { items: recent, active: 0, max_active: 3 } });
    if (url === '/api/video/generate' || url.startsWith('/api/video/remake/')) return generateReply();
    if (url.startsWith('/api/video/status/')) {
      const id = url.split('/').at(-1)!;
      return jsonResponse({ success: true, data: recent.find((t) => t.id === id) ?? task(id, { status: 'pending' }) });
    }
    throw new Error(`unexpected ${url}`);
  });
  globalThis.fetch = fetchMock;
  signInForTest({ credits: 400 });
});

afterEach(() => jest.useRealTimers());

describe('the model picker', () => {
  it("lists the tab's models by vendor, each with price, length, audio and strength, an unavailable one disabled with why", async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(modelButton().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(modelButton());
    expect(modelButton().getAttribute('aria-expanded')).toBe('true');
    const groups = within(panel()).getAllByRole('group');
    expect(groups.map((g) => [g.querySelector('legend')!.textContent, within(g).getAllByRole('radio').length])).toEqual(
      [
        ['Google', 2],
        ['Kuaishou', 1],
        ['ByteDance', 1],
        ['MiniMax', 1],
      ],
    );
    // The image-only model is not offered on the text tab.
    expect(screen.queryByRole('radio', { name: 'Kling 2.1 Image' })).toBeNull();

    expect(description(screen.getByRole('radio', { name: 'VEO 3 Text' }))).toBe(
      '40 credits · 8 s · audio | VEO 3 Text is good at this',
    );
    expect(description(screen.getByRole('radio', { name: 'Gemini Omni 1.2 Flash' }))).toBe(
      '4 credits/s · 4–15 s · audio | Gemini Omni 1.2 Flash is good at this',
    );
    const kling = screen.getByRole('radio', { name: 'Kling 2.1 Master' });
    expect(kling).toBeDisabled();
    expect(description(kling)).toBe(
      '60 credits · 5–10 s · no audio | Kling 2.1 Master is good at this | Kling is down for maintenance',
    );

    act(() => setLanguage('zh-CN'));
    expect(description(screen.getByRole('radio', { name: 'Seedance 1.0 Pro' }))).toBe(
      '25 积分 · 5–10 秒 · 无声 | Seedance 1.0 Pro 擅长这个',
    );
  });

  it('keeps the list open while arrows move the choice; Escape closes it and gives focus back', async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    fireEvent.click(modelButton());
    // A keyboard choice is a click without a pointer: the list stays.
    fireEvent.click(screen.getByRole('radio', { name: 'Hailuo 02' }));
    expect(screen.getByRole('radio', { name: 'Hailuo 02' })).toBeChecked();
    fireEvent.keyDown(screen.getByRole('radio', { name: 'Hailuo 02' }), { key: 'Escape' });
    expect(screen.queryByRole('radio', { name: 'Hailuo 02' })).toBeNull();
    expect(document.activeElement).toBe(modelButton());
    expect(modelButton().textContent).toMatch(/^Hailuo 02/);

    // Enter in the list closes it rather than sending the form.
    fireEvent.click(modelButton());
    fireEvent.keyDown(screen.getByRole('radio', { name: 'Seedance 1.0 Pro' }), { key: 'Enter' });
    expect(modelButton().getAttribute('aria-expanded')).toBe('false');
    expect(calls('/api/video/generate')).toHaveLength(0);
  });

  it('lists only image models on the image tab', async () => {
    renderAt('/text-to-veo3-video?type=image');
    await advance(0);
    fireEvent.click(modelButton());
    const offered = within(panel())
      .getAllByRole('radio')
      .map((r) => r.getAttribute('value'));
    expect(offered).toEqual(FIXTURE_CATALOGUE.filter((m) => m.inputs.first_frame).map((m) => m.id));
    expect(offered).not.toContain('veo3');
  });

  it('says when the remembered model is unavailable and switches to its alternative in one click', async () => {
    recent = [task('k1', { model: 'kling-2.1-master' })];
    renderAt('/text-to-veo3-video?type=text&from=k1');
    await advance(0);
    await advance(0);
    const notice = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes('unavailable right now'))!;
    expect(notice.textContent).toContain('Kling 2.1 Master is unavailable right now — use Seedance 1.0 Pro instead');
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeDisabled();
    fireEvent.click(within(notice).getByRole('button', { name: 'Use Seedance 1.0 Pro' }));
    expect(modelButton().textContent).toMatch(/^Seedance 1.0 Pro/);
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
  });

  it('opens on the model chosen last time, and says when it cannot make a video now', async () => {
    const first = renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    chooseModel('Hailuo 02');
    first.unmount();
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(modelButton().textContent).toMatch(/^Hailuo 02/);

    localStorage.setItem('generatorModel', 'kling-2.1-master');
    const again = renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(within(again.container).getByText(/Kling 2.1 Master is unavailable right now/)).toBeTruthy();
  });

  it('gives the reason where an unavailable model has no alternative', async () => {
    options = catalogueOptions(FIXTURE_CATALOGUE.map((m) => ({ ...m, alternative: null })));
    localStorage.setItem('generatorModel', 'kling-2.1-master');
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(
      screen
        .getAllByRole('alert')
        .some(
          (alert) => alert.textContent === 'Kling 2.1 Master is unavailable right now. Kling is down for maintenance',
        ),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeDisabled();
  });
});

describe('choices that follow the model', () => {
  it('offers only what the model makes, labels 360p Draft, clamps on a switch, and prices every choice', async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(cost()).toBe('40 credits');
    expect(screen.queryByRole('combobox', { name: 'Length' })).toBeNull();

    chooseModel('Seedance 1.0 Pro');
    expect(screen.queryByRole('radio', { name: /9:16/ })).toBeNull();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      '16:9Landscape',
      '480p',
      '720p',
      '1080p',
    ]);
    expect(cost()).toBe('25 credits');
    fireEvent.click(screen.getByRole('radio', { name: '480p' }));
    expect(cost()).toBe('10 credits');
    fireEvent.change(screen.getByRole('combobox', { name: 'Videos' }), { target: { value: '2' } });
    expect(cost()).toBe('2 videos · 20 credits');
    fireEvent.change(screen.getByRole('combobox', { name: 'Length' }), { target: { value: '10' } });

    // Hailuo makes 720p only, and 6 or 10 s: 480p moves to 720p, the length stays at 10.
    chooseModel('Hailuo 02');
    expect(screen.getByRole('radio', { name: '720p' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: '480p' })).toBeNull();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Length' }).value).toBe('10');
    expect(cost()).toBe('2 videos · 56 credits');

    chooseModel('Gemini Omni 1.2 Flash');
    fireEvent.click(screen.getByRole('radio', { name: /Draft/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Videos' }), { target: { value: '1' } });
    expect(cost()).toBe('20 credits');
    fireEvent.change(screen.getByRole('combobox', { name: 'Length' }), { target: { value: '15' } });
    expect(cost()).toBe('30 credits');

    fireEvent.change(prompt(), { target: { value: 'A fox in the snow' } });
    generate();
    await advance(0);
    const form = sentForm();
    expect(form.get('model')).toBe('omni-1.2');
    expect(form.get('resolution')).toBe('360p');
    expect(form.get('duration')).toBe('15');
    expect(form.get('compare')).toBeNull();
  });

  it('shows a field only where the model takes it, and says what it set that the model does not use', async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    fireEvent.click(screen.getByText('More options'));
    fireEvent.change(screen.getByLabelText('Negative prompt (optional)'), { target: { value: 'blur' } });
    expect(screen.getByLabelText('Seed (optional)')).toBeTruthy();
    expect(screen.queryByLabelText('Reference images (optional)')).toBeNull();

    chooseModel('Gemini Omni 1.2 Flash');
    expect(screen.queryByLabelText('Negative prompt (optional)')).toBeNull();
    expect(screen.getByLabelText('Reference images (optional)')).toBeTruthy();
    expect(screen.getByText('Gemini Omni 1.2 Flash does not use: negative prompt. They are not sent.')).toBeTruthy();
    fireEvent.change(prompt(), { target: { value: 'A fox in the snow' } });
    generate();
    await advance(0);
    expect(sentForm().get('negative_prompt')).toBeNull();
  });
});

describe('the wait estimate', () => {
  it("says before Generate how long the model usually takes, the vendor's figure as theirs, in English and Chinese", async () => {
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(screen.getByText("Usually ready in about 7 min (vendor's estimate)", { selector: 'p' })).toBeTruthy();
    chooseModel('Hailuo 02');
    expect(screen.getByText('Usually ready in about 1 min (9 in 10 within 3 min)', { selector: 'p' })).toBeTruthy();
    act(() => setLanguage('zh-CN'));
    expect(screen.getByText('通常约 1 分钟完成（十个中有九个在 3 分钟内完成）', { selector: 'p' })).toBeTruthy();
  });

  it('tells the same estimate on a card while its video is being made', async () => {
    stream.ready();
    recent = [task('a', { model: 'hailuo-02', status: 'processing', result_url: null, created_at: at(30) })];
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    const card = within(feed()).getAllByRole('article')[0]!;
    expect(
      within(card).getByText(
        'Usually ready in about 1 min (9 in 10 within 3 min). You can leave this page and come back later.',
      ),
    ).toBeTruthy();
  });
});

describe('compare models', () => {
  it('ticks 2 to max_compare available models, totals their prices and sends one request with `compare`', async () => {
    stream.ready();
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare models' }));
    // The list opens, with boxes to tick.
    expect(modelButton().getAttribute('aria-expanded')).toBe('true');
    const box = (name: string) => screen.getByRole('checkbox', { name });
    expect(box('Kling 2.1 Master')).toBeDisabled();
    fireEvent.click(box('Seedance 1.0 Pro'));
    fireEvent.change(prompt(), { target: { value: 'A fox in the snow' } });
    generate();
    await advance(0);
    expect(calls('/api/video/generate')).toHaveLength(0);
    expect(screen.getByText('Tick at least 2 models to compare.')).toBeTruthy();

    fireEvent.click(box('Hailuo 02'));
    fireEvent.click(box('VEO 3 Text'));
    // At most three: the others say why they cannot be ticked.
    expect(box('Gemini Omni 1.2 Flash')).toBeDisabled();
    expect(description(box('Gemini Omni 1.2 Flash'))).toContain('At most 3 models');
    fireEvent.click(box('VEO 3 Text'));
    expect(screen.queryByRole('combobox', { name: 'Videos' })).toBeNull();
    // Seedance 25 + Hailuo 28 at 720p; they share 10 s only.
    expect(cost()).toBe('2 videos · 53 credits');
    expect(modelButton().textContent).toContain('Comparing models (2)');

    generateReply = () =>
      jsonResponse({ success: true, data: { taskId: 'c1', taskIds: ['c1', 'c2'], remainingCredits: 347 } });
    generate();
    await advance(0);
    const form = sentForm();
    expect(form.get('compare')).toBe('seedance-1.0-pro,hailuo-02');
    expect(form.get('model')).toBeNull();
    expect(form.get('variations')).toBeNull();
    expect(form.get('duration')).toBe('10');

    const row = within(feed()).getByRole('list', { name: 'Comparison: Seedance 1.0 Pro, Hailuo 02' });
    const [first, second] = within(row).getAllByRole('article');
    expect(first!.getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(row).getByRole('article', { name: /^Seedance 1.0 Pro/ })).toBe(first);
    expect(within(row).getByRole('article', { name: /^Hailuo 02/ })).toBe(second);

    // Each finishes on its own.
    stream.emitTask('completed', task('c2', { model: 'hailuo-02', prompt: 'A fox in the snow', updated_at: at(0) }));
    await advance(0);
    expect(second!.getAttribute('data-status')).toBe('success');
    expect(first!.getAttribute('data-status')).toBe('generating');
  });

  it('shows a comparison sent elsewhere side by side: a batch of tasks of different models', async () => {
    stream.ready();
    recent = [
      task('b2', { model: 'hailuo-02', batch_id: 'b1', created_at: at(10) }),
      task('b1', { batch_id: 'b1', created_at: at(10) }),
      task('v1', { model: 'veo3', batch_id: 'v1', created_at: at(20) }),
      task('v2', { model: 'veo3', batch_id: 'v1', created_at: at(20) }),
    ];
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    expect(within(feed()).getByRole('list', { name: 'Comparison: Hailuo 02, Seedance 1.0 Pro' })).toBeTruthy();
    // Variations of one model stay one card a row.
    expect(within(feed()).getAllByRole('list', { name: /Comparison/ })).toHaveLength(1);
  });
});

describe('draft to full quality', () => {
  it('offers a finished draft in full quality at its price, and shows the new task in the feed', async () => {
    stream.ready();
    recent = [
      task('d1', { resolution: '360p', model: 'omni-1.2', duration_s: 10 }),
      task('f1', { created_at: at(900) }),
    ];
    generateReply = () =>
      jsonResponse({ success: true, data: { taskId: 'r1', taskIds: ['r1'], remainingCredits: 375 } });
    renderAt('/text-to-veo3-video?type=text');
    await advance(0);
    const [draft, full] = within(feed()).getAllByRole('article');
    expect(within(draft!).getByText('Gemini Omni 1.2 Flash · 10 s · 16:9 · Draft')).toBeTruthy();
    expect(within(full!).queryByRole('button', { name: /full quality/ })).toBeNull();
    const button = within(draft!).getByRole('button', {
      name: 'Make in full quality · 40 credits: “Prompt of d1” at 720p',
    });
    expect(button.textContent).toBe('Make in full quality · 40 credits');
    fireEvent.click(button);
    await advance(0);
    const [url, init] = calls('/api/video/remake/').at(-1) as [string, RequestInit];
    expect(url).toBe('/api/video/remake/d1');
    expect(JSON.parse(String(init.body))).toEqual({ resolution: '720p' });
    const cards = within(feed()).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.getAttribute('data-status')).toBe('generating');

    act(() => setLanguage('zh-CN'));
    expect(screen.getByRole('button', { name: /完整画质/ }).textContent).toBe('以完整画质重新生成 · 40 积分');
  });
});
