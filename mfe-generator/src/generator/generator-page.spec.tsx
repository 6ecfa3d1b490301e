import { act, fireEvent, screen, within } from '@testing-library/react';
import { trackEvent, trackGeneratePrompt } from '@veo3/platform/analytics/analytics';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { pngHeaderFile } from '../testing/png-header-file';
import { renderGeneratorAt as renderAt } from '../testing/render-generator';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));

const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const typePrompt = (value: string) => fireEvent.change(prompt(), { target: { value } });
const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
/** The form's message next to Generate: the last alert in the form (the pickers have their own). */
const feedback = () => within(screen.getByRole('tabpanel')).getAllByRole('alert').at(-1)!;
const resultArea = () => screen.getByRole('region', { name: 'Your videos' });
/** The newest card of the feed. */
const firstCard = () => within(resultArea()).getAllByRole('article')[0]!;
/** What the newest card announces to screen readers. */
const announcement = () => within(firstCard()).getAllByRole('status')[0]!.textContent;
/** Files the stand-in decoder cannot read, like a text file renamed .png. */
const undecodable = new WeakSet<Blob>();
const picture = (name: string, body = 'png-bytes', type = 'image/png') => new File([body], name, { type });
const renamedTextFile = (name: string) => {
  const file = new File(['just some notes'], name, { type: 'image/png' });
  undecodable.add(file);
  return file;
};
/** Picks `file` in the picker labelled `label` and lets its check finish. */
async function pick(label: string, file: File) {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  // jsdom decodes no pictures: this stands in for the browser's decoder.
  globalThis.createImageBitmap = jest.fn(async (blob: Blob) => {
    if (undecodable.has(blob)) throw new DOMException('undecodable', 'InvalidStateError');
    return { close: () => undefined } as ImageBitmap;
  }) as unknown as typeof createImageBitmap;
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => {
    sessionStore.restore();
  });
});

describe('GeneratorPage', () => {
  it('opens on the Text to Video tab with an empty prompt and a short placeholder, not the example', () => {
    renderAt('/text-to-veo3-video?type=text');
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', 'AI Video Generator');
    expect(screen.getByRole('tab', { name: 'Text to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toBe('');
    expect(prompt().placeholder).toBe('Describe a scene: who or what, the action, the camera and the sound');
    fireEvent.click(screen.getByRole('button', { name: 'Use example' }));
    expect(prompt().value).not.toBe(prompt().placeholder);
    expect(prompt().value).toMatch(/toy car/);
    fireEvent.change(prompt(), { target: { value: '' } });
    act(() => setLanguage('zh-CN'));
    expect(screen.getByLabelText<HTMLTextAreaElement>('提示词').placeholder).toBe(
      '描述一个场景：主体、动作、镜头和声音',
    );
    expect(screen.queryByLabelText('Starting image')).toBeNull();
  });

  it('"Use example" fills the prompt with the sample on purpose', () => {
    renderAt('/text-to-veo3-video');
    fireEvent.click(screen.getByRole('button', { name: 'Use example' }));
    expect(prompt().value).toMatch(/toy car/);
    expect(prompt().value.split(/\s+/).length).toBeGreaterThanOrEqual(60);
  });

  it('Generate with the untouched prompt asks for one, focuses it and sends nothing', () => {
    globalThis.fetch = jest.fn();
    signInForTest({ credits: 120 });
    renderAt('/text-to-veo3-video');
    generate();
    expect(feedback().textContent).toBe('Please enter a prompt');
    expect(document.activeElement).toBe(prompt());
    expect(prompt().getAttribute('aria-invalid')).toBe('true');
    const urls = jest.mocked(globalThis.fetch).mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url !== '/api/video/options' && !url.startsWith('/api/video/recent'))).toEqual([]);
  });

  it.each(['/text-to-veo3-video', '/text-to-veo3-video?type=video'])('treats %s as text mode', (url) => {
    renderAt(url);
    expect(screen.getByRole('tab', { name: 'Text to Video' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens Image to Video from ?type=image with an empty prompt and an image picker', () => {
    renderAt('/text-to-veo3-video?type=image');
    expect(screen.getByRole('tab', { name: 'Image to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toBe('');
    const input = screen.getByLabelText<HTMLInputElement>('Starting image');
    expect(input.accept).toBe('image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByText('JPG, PNG, GIF or WebP, up to 10 MB')).toBeTruthy();
  });

  it('switching tab updates ?type=, replaces the history entry and keeps each tab its draft', () => {
    renderAt('/text-to-veo3-video?type=text');
    typePrompt('A red kite');
    fireEvent.click(screen.getByRole('tab', { name: 'Image to Video' }));
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/text-to-veo3-video?type=image');
    expect(location.getAttribute('data-navigation')).toBe('REPLACE');
    expect(prompt().value).toBe('');

    fireEvent.click(screen.getByRole('tab', { name: 'Text to Video' }));
    expect(location.textContent).toBe('/text-to-veo3-video?type=text');
    expect(prompt().value).toBe('A red kite');
  });

  it('moves between tabs with the arrow keys', () => {
    renderAt('/text-to-veo3-video');
    const textTab = screen.getByRole('tab', { name: 'Text to Video' });
    fireEvent.keyDown(textTab, { key: 'ArrowRight' });
    const imageTab = screen.getByRole('tab', { name: 'Image to Video' });
    expect(imageTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(imageTab);
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=image');
    fireEvent.keyDown(imageTab, { key: 'ArrowLeft' });
    expect(textTab.getAttribute('aria-selected')).toBe('true');
  });

  it('counts the prompt against the 2,000 limit and refuses a longer one in the form', () => {
    globalThis.fetch = jest.fn();
    signInForTest({ credits: 120 });
    renderAt('/text-to-veo3-video');
    const counter = screen.getByTestId('prompt-counter');
    expect(counter.textContent).toContain('0 / 2,000');
    typePrompt('a'.repeat(123));
    expect(counter.textContent).toContain('123 / 2,000');
    expect(within(counter).getByText('123 of 2,000 characters used')).toBeTruthy();

    // A pasted text is kept whole (not cut at the limit), so the user sees how much to shorten.
    typePrompt('a'.repeat(5000));
    expect(prompt().value).toHaveLength(5000);
    expect(counter.textContent).toContain('5,000 / 2,000');
    generate();
    expect(feedback().textContent).toBe('The prompt is too long (5,000 / 2,000 characters). Please shorten it.');
    expect(document.activeElement).toBe(prompt());
    const urls = jest.mocked(globalThis.fetch).mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url !== '/api/video/options' && !url.startsWith('/api/video/recent'))).toEqual([]);
  });

  it('counts in Chinese too', () => {
    setLanguage('zh-CN');
    renderAt('/text-to-veo3-video');
    fireEvent.change(screen.getByLabelText('提示词'), { target: { value: '一'.repeat(1500) } });
    expect(screen.getByTestId('prompt-counter').textContent).toContain('1,500 / 2,000');
    expect(screen.getByText('已使用 1,500 / 2,000 个字符')).toBeTruthy();
    expect(screen.getByRole('button', { name: '使用示例' })).toBeTruthy();
  });

  it('shows a chosen image with its file size', async () => {
    renderAt('/text-to-veo3-video?type=image');
    await pick('Starting image', picture('kitten.png', 'x'.repeat(1536)));
    expect(screen.getByRole('img', { name: 'Preview of kitten.png' }).getAttribute('src')).toBe('blob:preview');
    expect(screen.getByText('1.5 KB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('kitten.png')).toBeNull();
  });

  it('refuses a text file renamed .png at once, beside the picker, keeping the previous picture', async () => {
    renderAt('/text-to-veo3-video?type=image');
    await pick('Starting image', picture('kitten.png'));
    await pick('Starting image', renamedTextFile('notes.png'));
    const picker = screen.getByLabelText('Starting image');
    const alert = document.getElementById(picker.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('"notes.png" could not be read as a picture. Please choose another file.');
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('img', { name: 'Preview of kitten.png' })).toBeTruthy();

    await pick('Starting image', picture('puppy.png'));
    expect(screen.getByRole('img', { name: 'Preview of puppy.png' })).toBeTruthy();
    expect(alert.textContent).toBe('');
  });

  it('refuses a picture over 40 megapixels beside the picker, in both languages', async () => {
    renderAt('/text-to-veo3-video?type=image');
    await pick('Starting image', pngHeaderFile('bomb.png', 16000, 16000));
    expect(
      screen
        .getByText(
          '"bomb.png" is 16000 × 16000 pixels; a picture may have at most 40 megapixels. Please choose a smaller one.',
        )
        .getAttribute('role'),
    ).toBe('alert');
    expect(screen.queryByRole('img', { name: 'Preview of bomb.png' })).toBeNull();
    act(() => setLanguage('zh-CN'));
    expect(screen.getByText('"bomb.png"为 16000 × 16000 像素，图片最多 4000 万像素，请选择更小的图片。')).toBeTruthy();
  });

  it('refuses a picture over 10 MB and a file that is not a picture type, also for the last frame', async () => {
    renderAt('/text-to-veo3-video?type=image');
    const huge = picture('huge.png');
    Object.defineProperty(huge, 'size', { value: 12 * 1024 * 1024 });
    await pick('Starting image', huge);
    expect(
      screen.getByText('"huge.png" is 12 MB; a picture may be at most 10 MB. Please choose a smaller one.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('More options'));
    await pick('Last frame (optional)', new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(
      screen.getByText('"scan.pdf" is not a JPG, PNG, GIF or WebP picture. Please choose another file.'),
    ).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the cost by Generate, and the length, time and price note below the tool', () => {
    renderAt('/text-to-veo3-video');
    const details = screen.getByRole('region', { name: 'Video details' });
    expect(within(details).getByText('VEO 3 Text')).toBeTruthy();
    expect(screen.getAllByText('40 credits')).toHaveLength(1);
    expect(screen.getByText('8 seconds, with audio')).toBeTruthy();
    expect(within(details).getByText("Usually ready in about 7 min (vendor's estimate)")).toBeTruthy();
    expect(screen.getByText('Official $6.00')).toBeTruthy();
    expect(screen.getByText('Only $2.40 per video')).toBeTruthy();
    expect(screen.getByText('Save 60%')).toBeTruthy();
  });

  it('folds the negative prompt in "More options", a disclosure opened from the keyboard as a native one', () => {
    renderAt('/text-to-veo3-video');
    const summary = screen.getByText('More options');
    expect(summary.tagName).toBe('SUMMARY');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(details.contains(screen.getByLabelText('Negative prompt (optional)'))).toBe(true);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    fireEvent.change(screen.getByLabelText('Negative prompt (optional)'), { target: { value: 'blur' } });
    expect(summary.textContent).toBe('More options (1 set)');
  });

  it('signed out: one sign-in notice; Generate moves focus to its Login link instead of repeating it', () => {
    renderAt('/text-to-veo3-video');
    typePrompt('A red kite');
    expect(screen.getByText('Please login to generate videos')).toBeTruthy();
    const login = screen.getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login?next=%2Ftext-to-veo3-video');
    generate();
    expect(document.activeElement).toBe(login);
    expect(feedback().textContent).toBe('');
    expect(screen.queryByText(/Please login before generating/)).toBeNull();
    expect(screen.getAllByText(/login/i).filter((el) => el.tagName !== 'A')).toHaveLength(1);
  });

  it('asks for the image after the prompt, and focuses the picker', () => {
    renderAt('/text-to-veo3-video?type=image');
    generate();
    expect(feedback().textContent).toBe('Please enter a prompt');
    typePrompt('The kitten yawns');
    expect(feedback().textContent).toBe('');
    generate();
    expect(feedback().textContent).toBe('Image to Video mode requires an image. Please upload an image.');
    expect(document.activeElement).toBe(screen.getByLabelText('Starting image'));
  });

  it('signed in with too few credits: says so once, and Generate moves focus to Buy Credits instead of repeating it', () => {
    signInForTest({ credits: 12 });
    renderAt('/text-to-veo3-video');
    const notice = screen.getByText('Not enough credits (12/40)').parentElement!;
    const buy = within(notice).getByRole('link', { name: 'Buy Credits' });
    expect(buy.getAttribute('href')).toBe('/pricing');
    typePrompt('A red kite');
    generate();
    expect(feedback().textContent).toBe('');
    expect(screen.getAllByText(/Not enough credits/)).toHaveLength(1);
    expect(document.activeElement).toBe(buy);
    expect(buy.getAttribute('aria-describedby')).toBe(screen.getByText('Not enough credits (12/40)').id);
  });

  it('shows the balance with full-width punctuation in Chinese', () => {
    signInForTest({ credits: 330 });
    renderAt('/text-to-veo3-video');
    act(() => setLanguage('zh-CN'));
    expect(screen.getByText('余额：330 积分')).toBeTruthy();
  });

  it('validates before sending anything', () => {
    globalThis.fetch = jest.fn();
    signInForTest({ credits: 12 });
    renderAt('/text-to-veo3-video?type=image');
    typePrompt('The kitten yawns');
    generate();
    expect(feedback().textContent).toBe('Image to Video mode requires an image. Please upload an image.');
    const urls = jest.mocked(globalThis.fetch).mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url !== '/api/video/options' && !url.startsWith('/api/video/recent'))).toEqual([]);
  });
});

/** GET /api/video/options as the server answers with the local renderer (everything offered), with `overrides`. */
function videoOptions(overrides: Record<string, unknown> = {}) {
  const model = { available: true, message: null, prices: { '720p': 40, '1080p': 40 } };
  return jsonResponse({
    success: true,
    data: {
      defaults: { aspect_ratio: '16:9', resolution: '720p' },
      shapes: ['16:9', '9:16'].flatMap((a) => ['720p', '1080p'].map((r) => ({ aspect_ratio: a, resolution: r }))),
      negative_prompt: true,
      last_frame: true,
      models: { veo3: model, 'veo3-fast-frames': model },
      ...overrides,
    },
  });
}

function task(taskStatus: string, extra: Record<string, unknown> = {}) {
  return jsonResponse({
    success: true,
    data: {
      id: 't1',
      status: taskStatus,
      status_message: null,
      result_url: null,
      error_message: null,
      model: 'veo3',
      prompt: 'A toy car',
      ...extra,
    },
  });
}

const VIDEO_URL = '/api/video/file/t1?sig=abc';
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A task as GET /api/video/recent lists it. */
function fullTask(extra: Record<string, unknown> = {}) {
  return {
    id: 't1',
    taskId: 't1',
    status: 'completed',
    status_message: null,
    result_url: null,
    poster_url: null,
    error_code: null,
    error_message: null,
    model: 'veo3',
    prompt: 'A toy car',
    negative_prompt: null,
    image_url: null,
    last_frame_url: null,
    aspect_ratio: '16:9',
    resolution: '720p',
    created_at: ago(0),
    updated_at: ago(0),
    expires_at: new Date(Date.now() + 900_000).toISOString(),
    kind: 'generate',
    parent_task_id: null,
    root_task_id: 't1',
    instruction: null,
    duration_s: 8,
    reference_image_urls: [],
    seed: null,
    batch_id: null,
    ...extra,
  };
}

describe('GeneratorPage generation', () => {
  let fetchMock: jest.Mock;
  let statusReplies: Response[];
  let optionsReply: () => Response;
  let recentTasks: unknown[];
  const recentReply = () => jsonResponse({ success: true, data: { items: recentTasks, active: 0, max_active: 3 } });
  const defaultRoute = async (url: string) => {
    if (url === '/api/video/options') return optionsReply();
    if (url.startsWith('/api/video/recent')) return recentReply();
    if (url === '/api/video/generate') {
      return jsonResponse({ success: true, data: { taskId: 't1', remainingCredits: 80 } });
    }
    if (url.startsWith('/api/video/status/')) return statusReplies.shift() ?? task('processing');
    throw new Error(`unexpected ${url}`);
  };
  /** The form the page sent to /api/video/generate. */
  const sentForm = () =>
    (fetchMock.mock.calls.find(([url]) => url === '/api/video/generate') as [string, RequestInit])[1].body as FormData;

  /** Runs due timers and the promises they settle. */
  const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  beforeEach(() => {
    jest.useFakeTimers();
    jest.mocked(trackEvent).mockClear();
    jest.mocked(trackGeneratePrompt).mockClear();
    statusReplies = [];
    recentTasks = [];
    optionsReply = () => videoOptions();
    fetchMock = jest.fn(defaultRoute);
    globalThis.fetch = fetchMock;
    signInForTest({ credits: 120 });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  async function generateUntilDone() {
    statusReplies.push(
      task('processing', { status_message: 'Rendering frames' }),
      task('completed', { result_url: VIDEO_URL }),
    );
    renderAt('/text-to-veo3-video');
    typePrompt('A toy car');
    generate();
    await advance(0);
    await advance(3000);
  }

  it('shows progress with the elapsed time, then the video, and updates the balance', async () => {
    statusReplies.push(task('processing', { status_message: 'Rendering frames' }));
    renderAt('/text-to-veo3-video');
    typePrompt('A toy car');
    generate();

    // The form stays usable while the video is made.
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
    expect(announcement()).toBe('Generating your video... Submitting your request...');
    expect(screen.getAllByText('Generating your video...')).toHaveLength(1);

    await advance(0);
    expect(announcement()).toBe('Generating your video... Rendering frames');
    expect(screen.getByText('Balance: 80 credits')).toBeTruthy();
    expect(trackEvent).toHaveBeenCalledWith('generate_video', { type: 'text_to_video' });
    expect(trackGeneratePrompt).toHaveBeenCalledWith({ mode: 'text', model: 'veo3', prompt: prompt().value });
    expect(screen.getByRole('timer').textContent).toBe('Elapsed 0:00');
    expect(screen.getByText(/Usually ready in about 7 min \(vendor's estimate\)\. You can leave/)).toBeTruthy();

    statusReplies.push(task('processing', { status_message: 'Adding sound' }));
    await advance(65_000);
    expect(screen.getByRole('timer').textContent).toBe('Elapsed 1:05');

    statusReplies.length = 0;
    statusReplies.push(task('completed', { result_url: VIDEO_URL }));
    await advance(3000);
    expect(announcement()).toBe('Your video is ready!');
    const video = resultArea().querySelector('video')!;
    expect(video.getAttribute('src')).toBe(VIDEO_URL);
    expect(video.controls).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.querySelector('track')?.getAttribute('kind')).toBe('captions');
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
  });

  it('after 6 minutes says the video is still being made and will appear in History, and keeps polling', async () => {
    const expiresAt = new Date(Date.now() + 900_000).toISOString();
    const processing = () => task('processing', { expires_at: expiresAt });
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/video/status/') ? (statusReplies.shift() ?? processing()) : defaultRoute(url),
    );
    renderAt('/text-to-veo3-video');
    typePrompt('A toy car');
    generate();
    await advance(0);
    const notice = () => within(resultArea()).getAllByRole('status')[1]!;
    expect(notice().textContent).toBe('');

    await advance(6 * 60_000 - 1000);
    expect(screen.getByRole('timer').textContent).toBe('Elapsed 5:59');
    expect(notice().textContent).toBe('');
    await advance(1000);
    expect(notice().textContent).toContain('still being made and will appear in your History');
    expect(within(notice()).getByRole('link', { name: 'Open History' }).getAttribute('href')).toBe('/video-history');

    // Still polling, now every 15 s: the video shows as soon as it is ready.
    statusReplies.push(task('completed', { result_url: VIDEO_URL }));
    await advance(15_000);
    expect(announcement()).toBe('Your video is ready!');
    expect(resultArea().querySelector('video')!.getAttribute('src')).toBe(VIDEO_URL);
  });

  it('Generate New goes back to the prompt, keeping the video in the feed', async () => {
    await generateUntilDone();
    fireEvent.click(screen.getByRole('button', { name: 'Generate New' }));
    expect(document.activeElement).toBe(prompt());
    expect(resultArea().querySelector('video')!.getAttribute('src')).toBe(VIDEO_URL);
  });

  it('downloads the video as ai-video-{timestamp}.mp4', async () => {
    await generateUntilDone();
    const blob = new Blob(['mp4']);
    // By URL: the page may also (re)load its options meanwhile.
    fetchMock.mockImplementation(async (url: string) =>
      url === VIDEO_URL ? { ok: true, status: 200, blob: async () => blob } : defaultRoute(url),
    );
    jest.mocked(URL.createObjectURL).mockReturnValueOnce('blob:video');
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.href).toBe('blob:video');
      expect(this.download).toMatch(/^ai-video-\d+\.mp4$/);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByText('Downloading video...')).toBeTruthy();
    await advance(0);
    expect(screen.getByText('Video downloaded successfully!')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === VIDEO_URL) as [string, RequestInit];
    expect(init.headers).toEqual({ Authorization: 'Bearer test-token' });
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    await advance(30_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:video');
    click.mockRestore();
  });

  it('opens the video in a new tab when the download fails', async () => {
    await generateUntilDone();
    fetchMock.mockImplementation(async (url: string) =>
      url === VIDEO_URL ? { ok: false, status: 403 } : defaultRoute(url),
    );
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await advance(0);
    expect(screen.getByText('Download failed. Try again.')).toBeTruthy();
    expect(open).toHaveBeenCalledWith(VIDEO_URL, '_blank', 'noopener');
    open.mockRestore();
  });

  it("shows the error panel, and Try Again puts the task's prompt back in the form", async () => {
    statusReplies.push(task('failed', { error_message: 'The prompt was rejected' }));
    renderAt('/text-to-veo3-video');
    typePrompt('A toy car');
    generate();
    await advance(0);
    const panel = within(resultArea()).getByRole('alert');
    expect(within(panel).getByRole('heading').textContent).toBe('Video Generation Failed');
    expect(within(panel).getByText('The prompt was rejected')).toBeTruthy();

    typePrompt('');
    statusReplies.push(task('failed', { error_message: 'The prompt was rejected' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    await advance(0);
    expect(prompt().value).toBe('A toy car');
    expect(document.activeElement).toBe(prompt());
  });

  it('shows the server message when the request is refused', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/video/generate'
        ? jsonResponse({ success: false, message: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402)
        : defaultRoute(url),
    );
    renderAt('/text-to-veo3-video');
    typePrompt('A toy car');
    generate();
    await advance(0);
    expect(within(resultArea()).getByRole('alert').textContent).toContain(
      'Request failed: Insufficient credits No credits were taken.',
    );
  });

  it('says no credits were taken when the server fails the request (5xx), but not when it never answered', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/video/generate'
        ? jsonResponse({ success: false, message: 'Internal server error', code: 'INTERNAL' }, 500)
        : defaultRoute(url),
    );
    renderAt('/text-to-veo3-video');
    typePrompt('A toy car');
    generate();
    await advance(10_000);
    expect(within(resultArea()).getByRole('alert').textContent).toContain(
      'Request failed: Internal server error No credits were taken.',
    );
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/video/generate') throw new TypeError('Failed to fetch');
      return defaultRoute(url);
    });
    generate();
    await advance(10_000);
    const alerts = within(resultArea()).getAllByRole('alert');
    expect(alerts[0]!.textContent).toContain('Request failed: Unknown error');
    expect(alerts[0]!.textContent).not.toContain('No credits were taken.');
  });

  it('says the limit once by Generate when the server refuses a fourth video, and leaves no card', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/video/generate'
        ? jsonResponse(
            {
              success: false,
              code: 'VIDEO_TOO_MANY_ACTIVE',
              message:
                'You already have 3 videos being made. Please wait for one to finish before starting another. No credits were taken.',
            },
            409,
          )
        : defaultRoute(url),
    );
    renderAt('/text-to-veo3-video');
    typePrompt('A toy car');
    generate();
    await advance(0);
    expect(feedback().textContent).toBe(
      'You already have 3 videos being made. Please wait for one to finish before starting another. No credits were taken.',
    );
    expect(screen.getAllByText(/You already have 3 videos/)).toHaveLength(1);
    expect(within(resultArea()).queryAllByRole('article')).toHaveLength(0);
  });

  it('sends the chosen format and negative prompt, prices it, and shows a portrait video upright', async () => {
    statusReplies.push(task('completed', { result_url: VIDEO_URL, aspect_ratio: '9:16', resolution: '1080p' }));
    renderAt('/text-to-veo3-video');
    await advance(0);
    fireEvent.click(screen.getByRole('radio', { name: /9:16/ }));
    fireEvent.click(screen.getByRole('radio', { name: '1080p' }));
    fireEvent.click(screen.getByText('More options'));
    fireEvent.change(screen.getByLabelText('Negative prompt (optional)'), { target: { value: ' text, blur ' } });
    expect(screen.getByText('9:16 · 1080p')).toBeTruthy();
    typePrompt('A toy car');
    generate();
    await advance(0);

    const form = sentForm();
    expect(form.get('aspect_ratio')).toBe('9:16');
    expect(form.get('resolution')).toBe('1080p');
    expect(form.get('negative_prompt')).toBe('text, blur');
    await advance(3000);
    const video = resultArea().querySelector('video')!;
    expect(video.getAttribute('data-aspect-ratio')).toBe('9:16');
    expect(video.style.aspectRatio).toBe('9 / 16');
  });

  it('image mode: no negative prompt, an optional last frame that is sent', async () => {
    renderAt('/text-to-veo3-video?type=image');
    await advance(0);
    expect(screen.queryByLabelText('Negative prompt (optional)')).toBeNull();
    typePrompt('The kitten yawns');
    await pick('Starting image', picture('first.png'));
    fireEvent.click(screen.getByText('More options'));
    await pick('Last frame (optional)', picture('last.png'));
    generate();
    await advance(0);
    const form = sentForm();
    expect((form.get('image') as File).name).toBe('first.png');
    expect((form.get('last_frame') as File).name).toBe('last.png');
    expect(form.has('negative_prompt')).toBe(false);
  });

  it("offers only the provider's formats: portrait has no 1080p, and there is no negative prompt", async () => {
    optionsReply = () =>
      videoOptions({
        shapes: [
          { aspect_ratio: '16:9', resolution: '720p' },
          { aspect_ratio: '16:9', resolution: '1080p' },
          { aspect_ratio: '9:16', resolution: '720p' },
        ],
        negative_prompt: false,
      });
    renderAt('/text-to-veo3-video');
    await advance(0);
    expect(screen.queryByLabelText('Negative prompt (optional)')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '1080p' }));
    fireEvent.click(screen.getByRole('radio', { name: /9:16/ }));
    expect(screen.queryByRole('radio', { name: '1080p' })).toBeNull();
    expect(screen.getByRole('radio', { name: '720p' })).toBeChecked();
  });

  it('says generation is unavailable, and sends nothing, while the provider has no usable model', async () => {
    optionsReply = () =>
      videoOptions({
        models: {
          veo3: { available: false, message: 'Video generation is unavailable right now.', prices: { '720p': 40 } },
        },
      });
    renderAt('/text-to-veo3-video');
    await advance(0);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'Video generation is unavailable right now. Please try again later; no credits will be taken.',
    );
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeDisabled();
    generate();
    await advance(0);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/video/generate')).toBe(false);
  });

  it('after a reload shows the video being made as a card, without refilling the form or forcing its tab', async () => {
    recentTasks = [fullTask({ status: 'processing', status_message: 'Rendering frames', created_at: ago(90_000) })];
    renderAt('/text-to-veo3-video?type=image');
    await advance(0);
    expect(announcement()).toBe('Generating your video... Rendering frames');
    expect(screen.getByRole('timer').textContent).toBe('Elapsed 1:30');
    expect(screen.getByRole('tab', { name: 'Image to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toBe('');

    statusReplies.push(task('completed', { result_url: VIDEO_URL }));
    await advance(3000);
    expect(resultArea().querySelector('video')?.getAttribute('src')).toBe(VIDEO_URL);
    // Defect 1: the tabs keep working once the video is ready.
    fireEvent.click(screen.getByRole('tab', { name: 'Text to Video' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Image to Video' }));
    await advance(0);
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=image');
    expect(screen.getByRole('tab', { name: 'Image to Video' }).getAttribute('aria-selected')).toBe('true');
  });

  it.each([
    ['off screen below', 2000, true],
    ['under the header', 10, true],
    ['only its heading showing', 640, true],
    ['already in view', 200, false],
  ])('after Generate, brings the progress into view only when it is not visible (%s)', async (_, top, scrolls) => {
    renderAt('/text-to-veo3-video');
    jest.spyOn(resultArea(), 'getBoundingClientRect').mockReturnValue({ top, height: 400 } as DOMRect);
    const scroll = jest.mocked(Element.prototype.scrollIntoView);
    scroll.mockClear();
    typePrompt('A toy car');
    generate();
    await advance(0);
    expect(announcement()).toMatch(/^Generating your video/);
    expect(scroll.mock.contexts.includes(resultArea())).toBe(scrolls);
  });
});
