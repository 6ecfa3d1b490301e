import { act, fireEvent, screen } from '@testing-library/react';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { renderGeneratorAt as renderAt } from '../testing/render-generator';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));

const LONG_PROMPT =
  'A lighthouse on a cliff at dawn, waves crashing below, gulls calling, slow aerial orbit around the tower as the lamp fades';

/** A finished task as GET /api/video/status/:taskId returns it to its owner. */
function statusOf(extra: Record<string, unknown> = {}) {
  return {
    id: 'done1',
    taskId: 'done1',
    status: 'completed',
    status_message: null,
    result_url: '/api/video/file/done1?sig=s',
    poster_url: '/api/video/poster/done1?sig=s',
    error_code: null,
    error_message: null,
    model: 'veo3',
    prompt: LONG_PROMPT,
    negative_prompt: null,
    image_url: null,
    last_frame_url: null,
    aspect_ratio: '9:16',
    resolution: '720p',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    expires_at: '2025-01-01T01:00:00.000Z',
    ...extra,
  };
}

const pictureReply = (type = 'image/png') => ({
  ok: true,
  status: 200,
  blob: async () => new Blob(['picture'], { type }),
});

let fetchMock: jest.Mock;
let statusReply: () => Promise<Response>;

const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const generateButton = () => screen.getByRole('button', { name: 'Generate Video' });
/** Lets the status request, the picture downloads and their checks settle. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  Element.prototype.scrollIntoView = jest.fn();
  globalThis.createImageBitmap = jest.fn(async () => ({
    close: () => undefined,
  })) as unknown as typeof createImageBitmap;
});

beforeEach(() => {
  localStorage.clear();
  act(() => {
    sessionStore.restore();
  });
  signInForTest({ credits: 120 });
  statusReply = async () => jsonResponse({ success: true, data: statusOf() });
  fetchMock = jest.fn(async (url: string) => {
    if (url === '/api/video/options') return jsonResponse({ success: false, message: 'down' }, 503);
    if (url.startsWith('/api/video/status/')) return statusReply();
    if (/\/api\/video\/(upload|last-frame|poster)\//.test(url)) return pictureReply();
    throw new Error(`unexpected ${url}`);
  });
  globalThis.fetch = fetchMock;
});

describe('GeneratorPage from History (Reuse and Remix)', () => {
  it('Reuse of a text video: loads it (Generate disabled meanwhile), fills prompt, shape and negative prompt, then drops from= from the URL', async () => {
    let answer: (reply: Response) => void = () => undefined;
    statusReply = () => new Promise((resolve) => (answer = resolve));
    renderAt('/text-to-veo3-video?type=text&from=done1');
    expect(screen.getByText("Loading the video's prompt and settings...")).toBeTruthy();
    expect(generateButton()).toBeDisabled();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/video/status/done1');

    await act(async () => answer(jsonResponse({ success: true, data: statusOf({ negative_prompt: 'rain' }) })));
    await settle();
    expect(generateButton()).toBeEnabled();
    expect(prompt().value).toBe(LONG_PROMPT);
    expect(screen.getByRole('radio', { name: /9:16/ })).toBeChecked();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Negative prompt (optional)').value).toBe('rain');
    expect(screen.queryByText("Loading the video's prompt and settings...")).toBeNull();
    expect(screen.getByText(/^Reusing the settings of: A lighthouse/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=text');
  });

  it('Reuse of an image video: its first and last frames come back into the pickers as files', async () => {
    statusReply = async () =>
      jsonResponse({
        success: true,
        data: statusOf({
          model: 'veo3-fast-frames',
          image_url: '/api/video/upload/done1?sig=a',
          last_frame_url: '/api/video/last-frame/done1?sig=b',
        }),
      });
    renderAt('/text-to-veo3-video?type=image&from=done1');
    await settle();
    expect(screen.getByRole('tab', { name: 'Image to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toBe(LONG_PROMPT);
    expect(screen.getByRole('img', { name: 'Preview of first-frame.png' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Preview of last-frame.png' })).toBeTruthy();
    expect(screen.getByText('More options').closest('details')!.open).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=image');
  });

  it('Remix: the video still is the first frame, the prompt is focused and selected, and it says what is remixed', async () => {
    renderAt('/text-to-veo3-video?type=image&from=done1&remix=1');
    await settle();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/video/poster/done1?sig=s');
    expect(screen.getByRole('img', { name: 'Preview of video-still.png' })).toBeTruthy();
    expect(document.activeElement).toBe(prompt());
    expect([prompt().selectionStart, prompt().selectionEnd]).toEqual([0, LONG_PROMPT.length]);
    const remixing = screen.getByText(/^Remixing: /);
    expect(remixing.textContent).toBe(`Remixing: ${LONG_PROMPT.slice(0, 80).trimEnd()}…`);
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=image');
  });

  it('a task that is not found (404): a dismissible notice and the normal empty form', async () => {
    statusReply = async () => jsonResponse({ success: false, message: 'Task not found', code: 'NOT_FOUND' }, 404);
    renderAt('/text-to-veo3-video?type=text&from=someone-elses');
    await settle();
    const notice = screen.getByText('That video could not be found, so the form starts empty.').parentElement!;
    expect(notice.getAttribute('role')).toBe('alert');
    expect(prompt().value).toBe('');
    expect(generateButton()).toBeEnabled();
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=text');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not be found/)).toBeNull();
  });
});
