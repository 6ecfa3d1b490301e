import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { keepDraft } from '@veo3/platform/session/draft-store';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { catalogueOptions } from '../testing/catalogue-fixture';
import { renderGeneratorAt as renderAt } from '../testing/render-generator';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));

const SHARE = 'AbCdEfGhIjKlMnOpQrStUv';

function remixSource(extra: Record<string, unknown> = {}) {
  return {
    share_id: SHARE,
    page_url: `http://localhost/v/${SHARE}`,
    prompt: 'A fox in the snow, cinematic',
    model: 'veo3',
    aspect_ratio: '9:16',
    resolution: '720p',
    duration_s: 8,
    negative_prompt: 'rain',
    has_first_frame: false,
    first_frame_url: null,
    ...extra,
  };
}

let fetchMock: jest.Mock;
let remixReply: () => Promise<Response>;

const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
const sentForm = () =>
  (fetchMock.mock.calls.find(([url]) => url === '/api/video/generate') as [string, RequestInit])[1].body as FormData;

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
  sessionStorage.clear();
  act(() => {
    sessionStore.restore();
  });
  signInForTest({ credits: 500 });
  remixReply = async () => jsonResponse({ success: true, data: remixSource() });
  fetchMock = jest.fn(async (url: string) => {
    if (url === '/api/video/options') return jsonResponse({ success: true, data: catalogueOptions() });
    if (url.startsWith('/api/video/recent'))
      return jsonResponse({ success: true, data: { items: [], active: 0, max_active: 3 } });
    if (url === `/api/share/${SHARE}/remix`) return remixReply();
    if (url === `/v/${SHARE}/first-frame`)
      return { ok: true, status: 200, blob: async () => new Blob(['picture'], { type: 'image/png' }) };
    if (url === '/api/video/generate')
      return jsonResponse({ success: true, data: { taskId: 't1', taskIds: ['t1'], remainingCredits: 460 } });
    if (url.startsWith('/api/video/status/')) return jsonResponse({ success: false, message: 'later' }, 503);
    throw new Error(`unexpected ${url}`);
  });
  globalThis.fetch = fetchMock;
});

describe('"Make one like this": the generator filled from a shared video', () => {
  it('fills its prompt and settings, says it is a remix with a link back, and Generate sends remix_of once', async () => {
    renderAt(`/text-to-veo3-video?type=text&remix=${SHARE}`);
    await settle();
    expect(prompt().value).toBe('A fox in the snow, cinematic');
    expect(screen.getByRole('radio', { name: /9:16/ })).toBeChecked();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Negative prompt (optional)').value).toBe('rain');
    const notice = screen.getByText('Remixing a shared video').closest('[role="status"]')!;
    expect(notice.querySelector('a')!.getAttribute('href')).toBe(`http://localhost/v/${SHARE}`);
    // Kept in the address, so signing in on the way comes back to it.
    expect(screen.getByTestId('location').textContent).toBe(`/text-to-veo3-video?type=text&remix=${SHARE}`);

    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await settle();
    expect(sentForm().get('remix_of')).toBe(SHARE);
    // Made: the remix is over, the next video is an ordinary one.
    await waitFor(() => expect(screen.queryByText('Remixing a shared video')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=text');
  });

  it('back from signing in, the kept draft stays as the visitor left it and Generate still remixes', async () => {
    keepDraft('generator', {
      prompts: { text: 'A fox in the snow, at night', image: '' },
      modelId: 'veo3',
      seconds: 8,
      negativePrompt: '',
      shape: { aspectRatio: '16:9', resolution: '720p' },
      variations: 1,
      seed: '',
      advancedOpen: false,
      hadPictures: false,
    });
    renderAt(`/text-to-veo3-video?type=text&remix=${SHARE}`);
    await settle();
    expect(prompt().value).toBe('A fox in the snow, at night');
    expect(screen.getByText('Remixing a shared video')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await settle();
    expect(sentForm().get('remix_of')).toBe(SHARE);
    expect(sentForm().get('prompt')).toBe('A fox in the snow, at night');
  });

  it('a hidden prompt leaves the prompt empty; an offered first frame becomes the starting image', async () => {
    remixReply = async () =>
      jsonResponse({
        success: true,
        data: remixSource({
          prompt: null,
          negative_prompt: null,
          model: 'veo3-fast-frames',
          has_first_frame: true,
          first_frame_url: `/v/${SHARE}/first-frame`,
        }),
      });
    renderAt(`/text-to-veo3-video?type=image&remix=${SHARE}`);
    await settle();
    expect(screen.getByRole('tab', { name: 'Image to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toBe('');
    expect(screen.getByRole('img', { name: 'Preview of first-frame.png' })).toBeTruthy();
    expect(screen.getByText(/creator keeps the prompt private/)).toBeTruthy();
    expect(screen.getByText(/first picture is the starting image/)).toBeTruthy();
  });

  it('a share that is no longer shared: a clear message and the normal empty form, without remix_of', async () => {
    remixReply = async () => jsonResponse({ success: false, message: 'gone', code: 'SHARING_NOT_FOUND' }, 404);
    renderAt(`/text-to-veo3-video?type=text&remix=${SHARE}`);
    await settle();
    const alert = screen.getByText('That shared video is no longer shared, so the form starts empty.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(prompt().value).toBe('');
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=text');
    fireEvent.change(prompt(), { target: { value: 'my own fox' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await settle();
    expect(sentForm().get('remix_of')).toBeNull();
  });

  it("History's own Remix (from=<task>&remix=1) is not a shared video", async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/share/')) throw new Error('a shared video was asked for');
      if (url === '/api/video/options') return jsonResponse({ success: true, data: catalogueOptions() });
      if (url.startsWith('/api/video/recent'))
        return jsonResponse({ success: true, data: { items: [], active: 0, max_active: 3 } });
      return jsonResponse({ success: false, message: 'Video not found' }, 404);
    });
    renderAt('/text-to-veo3-video?type=image&from=task1&remix=1');
    await settle();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/share/'))).toBe(false);
  });
});
