import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { trackEvent, trackGeneratePrompt } from '@veo3/platform/analytics/analytics';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import GeneratorPage from './generator-page';
import { readPendingTask, savePendingTask } from './pending-task-storage';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));

function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <div data-testid="location" data-navigation={navigationType}>
      {location.pathname + location.search}
    </div>
  );
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/text-to-veo3-video"
            element={
              <>
                <GeneratorPage />
                <LocationProbe />
              </>
            }
          />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
/** The form's validation message (the result area has its own live region). */
const status = () => within(screen.getByRole('tabpanel')).getByRole('status');
const resultArea = () => screen.getByRole('region', { name: 'Preview' });
/** What the result area announces to screen readers. */
const announcement = () => within(resultArea()).getAllByRole('status')[0]!.textContent;

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  localStorage.clear();
  act(() => {
    sessionStore.restore();
  });
});

describe('GeneratorPage', () => {
  it('opens on the Text to Video tab with the sample toy car prompt', () => {
    renderAt('/text-to-veo3-video?type=text');
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', 'AI Video Generator');
    expect(screen.getByRole('tab', { name: 'Text to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toMatch(/toy car/);
    expect(prompt().value.split(/\s+/).length).toBeGreaterThanOrEqual(60);
    expect(screen.queryByLabelText('Starting image')).toBeNull();
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
    expect(input.accept).toBe('image/*');
    expect(screen.getByText('JPG, PNG, GIF')).toBeTruthy();
  });

  it('switching tab updates ?type= and replaces the history entry', () => {
    renderAt('/text-to-veo3-video?type=text');
    fireEvent.click(screen.getByRole('tab', { name: 'Image to Video' }));
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/text-to-veo3-video?type=image');
    expect(location.getAttribute('data-navigation')).toBe('REPLACE');
    expect(prompt().value).toBe('');

    fireEvent.click(screen.getByRole('tab', { name: 'Text to Video' }));
    expect(location.textContent).toBe('/text-to-veo3-video?type=text');
    expect(prompt().value).toMatch(/toy car/);
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

  it('shows a chosen image with its file size', () => {
    renderAt('/text-to-veo3-video?type=image');
    const file = new File([new Uint8Array(1536)], 'kitten.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Starting image'), { target: { files: [file] } });
    expect(screen.getByRole('img', { name: 'Preview of kitten.png' }).getAttribute('src')).toBe('blob:preview');
    expect(screen.getByText('1.5 KB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('kitten.png')).toBeNull();
  });

  it('shows the cost, length, time and price note', () => {
    renderAt('/text-to-veo3-video');
    expect(screen.getByText('VEO 3 Text')).toBeTruthy();
    expect(screen.getByText('40 credits')).toBeTruthy();
    expect(screen.getByText('8 seconds, with audio')).toBeTruthy();
    expect(screen.getByText('5–8 minutes')).toBeTruthy();
    expect(screen.getByText('Official $6.00')).toBeTruthy();
    expect(screen.getByText('Only $2.40 per video')).toBeTruthy();
    expect(screen.getByText('Save 60%')).toBeTruthy();
  });

  it('signed out: asks to login, and Generate says so', () => {
    renderAt('/text-to-veo3-video');
    expect(screen.getByText('Please login to generate videos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    generate();
    expect(status().textContent).toBe('Please login before generating a video');
  });

  it('checks the prompt before anything else', () => {
    renderAt('/text-to-veo3-video?type=image');
    generate();
    expect(status().textContent).toBe('Please enter a prompt');
    fireEvent.change(prompt(), { target: { value: 'The kitten yawns' } });
    expect(status().textContent).toBe('');
    generate();
    expect(status().textContent).toBe('Image to Video mode requires an image. Please upload an image.');
  });

  it('signed in with too few credits: offers to buy credits and refuses to generate', () => {
    signInForTest({ credits: 12 });
    renderAt('/text-to-veo3-video');
    const notice = screen.getByText('Not enough credits (12/40)').parentElement!;
    expect(within(notice).getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe('/pricing');
    generate();
    expect(status().textContent).toBe(
      'Not enough credits! Generating a VEO 3 Text video requires 40 credits, you currently have 12 credits',
    );
  });

  it('validates before sending anything', () => {
    globalThis.fetch = jest.fn();
    signInForTest({ credits: 12 });
    renderAt('/text-to-veo3-video?type=image');
    fireEvent.change(prompt(), { target: { value: 'The kitten yawns' } });
    generate();
    expect(status().textContent).toBe('Image to Video mode requires an image. Please upload an image.');
    const urls = jest.mocked(globalThis.fetch).mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url !== '/api/video/options')).toEqual([]);
    expect(screen.getByText('Your video will appear here')).toBeTruthy();
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

describe('GeneratorPage generation', () => {
  let fetchMock: jest.Mock;
  let statusReplies: Response[];
  let optionsReply: () => Response;
  const defaultRoute = async (url: string) => {
    if (url === '/api/video/options') return optionsReply();
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
    generate();
    await advance(0);
    await advance(3000);
  }

  it('shows progress with the elapsed time, then the video, and updates the balance', async () => {
    statusReplies.push(task('processing', { status_message: 'Rendering frames' }));
    renderAt('/text-to-veo3-video');
    generate();

    const button = screen.getByRole('button', { name: 'Generating...' });
    expect(button).toBeDisabled();
    expect(announcement()).toBe('Submitting your request...');
    expect(screen.getByText('Generating your video...')).toBeTruthy();

    await advance(0);
    expect(announcement()).toBe('Rendering frames');
    expect(screen.getByText('Balance: 80 credits')).toBeTruthy();
    expect(trackEvent).toHaveBeenCalledWith('generate_video', { type: 'text_to_video' });
    expect(trackGeneratePrompt).toHaveBeenCalledWith({ mode: 'text', model: 'veo3', prompt: prompt().value });
    expect(screen.getByRole('timer').textContent).toBe('Elapsed 0:00');
    expect(screen.getByText(/usually takes 5–8 minutes/)).toBeTruthy();

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

  it('Generate New returns to the empty preview', async () => {
    await generateUntilDone();
    fireEvent.click(screen.getByRole('button', { name: 'Generate New' }));
    expect(screen.getByText('Your video will appear here')).toBeTruthy();
    expect(resultArea().querySelector('video')).toBeNull();
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

  it('shows the error panel, and Try Again returns to idle', async () => {
    statusReplies.push(task('failed', { error_message: 'The prompt was rejected' }));
    renderAt('/text-to-veo3-video');
    generate();
    await advance(0);
    const panel = screen.getByRole('alert');
    expect(within(panel).getByRole('heading').textContent).toBe('Video Generation Failed');
    expect(within(panel).getByText('The prompt was rejected')).toBeTruthy();
    expect(readPendingTask('1')).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Your video will appear here')).toBeTruthy();
  });

  it('shows the server message when the request is refused', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/video/generate'
        ? jsonResponse({ success: false, message: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402)
        : defaultRoute(url),
    );
    renderAt('/text-to-veo3-video');
    generate();
    await advance(0);
    expect(within(screen.getByRole('alert')).getByText('Request failed: Insufficient credits')).toBeTruthy();
  });

  it('sends the chosen format and negative prompt, prices it, and shows a portrait video upright', async () => {
    statusReplies.push(task('completed', { result_url: VIDEO_URL, aspect_ratio: '9:16', resolution: '1080p' }));
    renderAt('/text-to-veo3-video');
    await advance(0);
    fireEvent.click(screen.getByRole('radio', { name: /9:16/ }));
    fireEvent.click(screen.getByRole('radio', { name: '1080p' }));
    fireEvent.change(screen.getByLabelText('Negative prompt (optional)'), { target: { value: ' text, blur ' } });
    expect(screen.getByText('9:16 · 1080p')).toBeTruthy();
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
    fireEvent.change(prompt(), { target: { value: 'The kitten yawns' } });
    fireEvent.change(screen.getByLabelText('Starting image'), {
      target: { files: [new File(['a'], 'first.png', { type: 'image/png' })] },
    });
    fireEvent.change(screen.getByLabelText('Last frame (optional)'), {
      target: { files: [new File(['b'], 'last.png', { type: 'image/png' })] },
    });
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
    expect(screen.getByRole('alert').textContent).toMatch(/unavailable right now/);
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeDisabled();
    generate();
    await advance(0);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/video/generate')).toBe(false);
  });

  it('resumes the video being generated after a reload', async () => {
    savePendingTask('1', { taskId: 't1', startedAt: Date.now() - 90_000 });
    statusReplies.push(task('processing', { status_message: 'Rendering frames' }));
    const first = renderAt('/text-to-veo3-video');
    expect(screen.getByText('Generating your video...')).toBeTruthy();
    await advance(0);
    expect(announcement()).toBe('Rendering frames');
    expect(screen.getByRole('timer').textContent).toBe('Elapsed 1:30');
    first.unmount();

    statusReplies.push(task('completed', { result_url: VIDEO_URL }));
    renderAt('/text-to-veo3-video');
    expect(screen.getByText('Generating your video...')).toBeTruthy();
    await advance(0);
    expect(resultArea().querySelector('video')?.getAttribute('src')).toBe(VIDEO_URL);
    expect(readPendingTask('1')).toBeNull();
  });
});
