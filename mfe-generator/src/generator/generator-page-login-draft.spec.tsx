import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { keepDraft } from '@veo3/platform/session/draft-store';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { renderGeneratorAt as renderAt } from '../testing/render-generator';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));
jest.mock('@veo3/platform/events/task-events', () => ({
  taskEvents: jest.requireActual('@veo3/platform/testing/fake-task-events').createFakeTaskEvents(),
}));

/** GET /api/video/options with both formats at both resolutions, variations and seeds. */
function videoOptions() {
  const model = {
    available: true,
    message: null,
    prices: { '720p': 40, '1080p': 40 },
    per_second: null,
    durations: [8],
    editable: false,
    seed: true,
    extend_instruction: false,
  };
  return jsonResponse({
    success: true,
    data: {
      defaults: { aspect_ratio: '16:9', resolution: '720p' },
      shapes: ['16:9', '9:16'].flatMap((a) => ['720p', '1080p'].map((r) => ({ aspect_ratio: a, resolution: r }))),
      negative_prompt: true,
      last_frame: true,
      models: { veo3: model, 'veo3-fast-frames': model },
      variations: [1, 2, 4],
      max_active: 3,
    },
  });
}

const TEXT_PAGE = '/text-to-veo3-video?type=text';
const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name: new RegExp(name) });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** Resolves once the server's options are shown (the Videos choice is theirs). */
const optionsShown = () => screen.findByLabelText('Videos');
const kept = () => sessionStorage.getItem('draft:generator');
/** Lets the options and the picture checks settle. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  globalThis.createImageBitmap = jest.fn(async () => ({
    close: () => undefined,
  })) as unknown as typeof createImageBitmap;
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setLanguage('en');
  act(() => {
    sessionStore.restore();
  });
  const fetchMock: jest.Mock = jest.fn(async (url: string) => {
    if (url === '/api/video/options') return videoOptions();
    if (url.startsWith('/api/video/recent'))
      return jsonResponse({ success: true, data: { items: [], active: 0, max_active: 3 } });
    throw new Error(`unexpected ${url}`);
  });
  globalThis.fetch = fetchMock;
});

describe('GeneratorPage: the draft across sign-in', () => {
  it("the Login link asks sign-in to come back here, tab included, and keeps the form's text and choices", async () => {
    const { unmount } = renderAt(TEXT_PAGE);
    await optionsShown();
    fireEvent.change(prompt(), { target: { value: 'A paper boat in the rain' } });
    fireEvent.click(radio('9:16'));
    fireEvent.click(radio('1080p'));
    fireEvent.change(field('Videos'), { target: { value: '2' } });
    fireEvent.click(screen.getByText('More options'));
    fireEvent.change(field('Negative prompt (optional)'), { target: { value: 'blur' } });
    fireEvent.change(field('Seed (optional)'), { target: { value: '77' } });

    const login = screen.getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login?next=%2Ftext-to-veo3-video%3Ftype%3Dtext');
    fireEvent.click(login);
    expect(screen.getByTestId('location').textContent).toBe('/login?next=%2Ftext-to-veo3-video%3Ftype%3Dtext');
    expect(kept()).toContain('A paper boat in the rain');
    unmount();

    // Signed in, sign-in sends the visitor back to `next`: the same draft, once.
    signInForTest({ credits: 500 });
    const back = renderAt(TEXT_PAGE);
    await optionsShown();
    expect(prompt().value).toBe('A paper boat in the rain');
    expect(radio('9:16')).toBeChecked();
    expect(radio('1080p')).toBeChecked();
    expect(field('Videos').value).toBe('2');
    expect(field('Negative prompt (optional)').value).toBe('blur');
    expect(field('Seed (optional)').value).toBe('77');
    expect(screen.getByText('2 videos · 80 credits')).toBeTruthy();
    // Nothing to choose again: no notice.
    expect(screen.queryByText(/Pictures are not kept/)).toBeNull();
    expect(kept()).toBeNull();
    back.unmount();

    renderAt(TEXT_PAGE);
    await settle();
    expect(prompt().value).toBe('');
    expect(radio('16:9')).toBeChecked();
  });

  it('with nothing kept, the form starts empty and says nothing', async () => {
    signInForTest({ credits: 500 });
    renderAt(TEXT_PAGE);
    await settle();
    expect(prompt().value).toBe('');
    expect(radio('16:9')).toBeChecked();
    expect(screen.queryByText(/Pictures are not kept/)).toBeNull();
  });

  it('keeps the prompt of the image tab, and asks for the pictures again after sign-in (en and zh-CN)', async () => {
    const { unmount } = renderAt('/text-to-veo3-video?type=image');
    await settle();
    fireEvent.change(field('Starting image'), {
      target: { files: [new File(['png'], 'cat.png', { type: 'image/png' })] },
    });
    await settle();
    fireEvent.change(prompt(), { target: { value: 'The cat wakes up and yawns' } });
    const login = screen.getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login?next=%2Ftext-to-veo3-video%3Ftype%3Dimage');
    fireEvent.click(login);
    unmount();

    signInForTest({ credits: 500 });
    renderAt('/text-to-veo3-video?type=image');
    await settle();
    expect(screen.getByRole('tab', { name: 'Image to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toBe('The cat wakes up and yawns');
    // Said politely (a status), beside the form it concerns.
    const notice = screen.getByText(/Pictures are not kept while you sign in: please choose them again\./);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    act(() => setLanguage('zh-CN'));
    expect(screen.getByText('提示词和设置已恢复。登录时无法保留图片，请重新选择图片。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByText(/登录时无法保留图片/)).toBeNull();
  });

  it('a kept draft that is not what the form takes changes nothing it cannot use', async () => {
    keepDraft('generator', {
      prompts: { text: 'Still here', image: 42 },
      shape: { aspectRatio: '4:3', resolution: '720p' },
      variations: -1,
      seed: 5,
      family: 'sora',
    });
    renderAt(TEXT_PAGE);
    await optionsShown();
    expect(prompt().value).toBe('Still here');
    expect(radio('16:9')).toBeChecked();
    expect(field('Videos').value).toBe('1');
    fireEvent.click(screen.getByRole('tab', { name: 'Image to Video' }));
    await waitFor(() => expect(prompt().value).toBe(''));
  });
});
