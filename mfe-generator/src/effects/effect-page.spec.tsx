import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FakeTaskEvents } from '@veo3/platform/testing/fake-task-events';
import { taskEvents } from '@veo3/platform/events/task-events';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { pngHeaderFile } from '../testing/png-header-file';
import { asmrEffect, kissingEffect, postcardEffect } from '../testing/effect-fixture';
import { renderEffectsAt } from '../testing/render-effects';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));
jest.mock('@veo3/platform/events/task-events', () => ({
  taskEvents: jest.requireActual('@veo3/platform/testing/fake-task-events').createFakeTaskEvents(),
}));

const stream = taskEvents as unknown as FakeTaskEvents;
let generateReply: () => Response;
let sent: FormData | null;

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
  act(() => sessionStore.restore());
  sent = null;
  stream.reset();
  generateReply = () => jsonResponse({ success: true, data: { taskId: 't1', remainingCredits: 60 } });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const effect = [kissingEffect, asmrEffect, postcardEffect].find((e) => url === `/api/effects/${e.slug}`);
    if (effect) return jsonResponse({ success: true, data: effect });
    if (url === '/api/effects/gone')
      return jsonResponse({ success: false, message: 'Not found', code: 'EFFECTS_NOT_FOUND' }, 404);
    if (url.endsWith('/generate')) {
      sent = init?.body as FormData;
      return generateReply();
    }
    if (url === '/api/video/options') return jsonResponse({ success: false, message: 'n/a' }, 503);
    if (url.startsWith('/api/video/status/'))
      return jsonResponse({ success: true, data: { id: 't1', status: 'processing', status_message: null } });
    throw new Error(`unexpected ${url}`);
  }) as jest.Mock;
});

const create = (price: number) => screen.getByRole('button', { name: `Create · ${price} credits` });
const location = () => screen.getByTestId('location').textContent;

describe('EffectPage', () => {
  it('shows the effect: its name, sample with poster and controls, badge, price and FAQ', async () => {
    renderEffectsAt('/effects/ai-french-kissing');

    expect(await screen.findByRole('heading', { level: 1, name: 'AI French Kissing' })).toBeInTheDocument();
    const sample = screen.getByLabelText<HTMLVideoElement>('Sample video of AI French Kissing');
    expect(sample).toHaveAttribute('poster', '/effects/ai-french-kissing/poster.jpg');
    expect(sample.controls).toBe(true);
    expect(sample.autoplay).toBe(false);
    expect(screen.getByText('Hot')).toBeInTheDocument();
    expect(screen.getByText('Who can be in the photos?')).toBeInTheDocument();
    expect(create(40)).toBeInTheDocument();
    expect(document.title).toBe('AI French Kissing — AI Video Effect | Veo 3 Studio');
  });

  it('says an unknown effect is not found', async () => {
    renderEffectsAt('/effects/gone');

    expect(await screen.findByRole('heading', { level: 1, name: 'Effect not found' })).toBeInTheDocument();
  });

  it('refuses Create while a required text is missing, saying which and focusing it', async () => {
    signInForTest({ credits: 100 });
    renderEffectsAt('/effects/asmr-video');
    await screen.findByRole('heading', { level: 1 });

    fireEvent.click(create(30));

    expect(await screen.findByRole('alert')).toHaveTextContent('Write “What is sliced”.');
    expect(screen.getByLabelText('What is sliced')).toHaveFocus();
    expect(sent).toBeNull();
  });

  it('counts a text input against its limit', async () => {
    renderEffectsAt('/effects/asmr-video');
    const text = await screen.findByLabelText('What is sliced');
    fireEvent.change(text, { target: { value: 'kiwi' } });

    expect(text).toHaveAttribute('maxlength', '20');
    expect(screen.getByText('4 / 20')).toBeInTheDocument();
  });

  it('keeps the photo pickers off until everyone in the photos is confirmed adult and agreeing, once a session', async () => {
    signInForTest({ credits: 100 });
    const { unmount } = renderEffectsAt('/effects/ai-french-kissing');
    const picker = await screen.findByLabelText('First person');

    expect(picker).toBeDisabled();
    expect(screen.getAllByText('Tick the confirmation above to add photos.')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Our rule on photos of real people' })).toHaveAttribute(
      'href',
      '/terms-of-service#acceptable-use',
    );
    fireEvent.click(create(40));
    expect(
      await screen.findByText('Confirm that everyone in the photos is an adult and has agreed.'),
    ).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: /Everyone in these photos is an adult/ });
    expect(box).toHaveFocus();
    fireEvent.click(box);
    expect(picker).toBeEnabled();
    expect(sessionStorage.getItem('effects:people-consent')).toBe('yes');

    unmount();
    renderEffectsAt('/effects/ai-french-kissing');
    expect(await screen.findByRole('checkbox', { name: /Everyone in these photos/ })).toBeChecked();
    expect(screen.getByLabelText('First person')).toBeEnabled();
  });

  it('sends the photos with people_consent=yes and shows the progress in place', async () => {
    signInForTest({ credits: 100 });
    renderEffectsAt('/effects/ai-french-kissing');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Everyone in these photos/ }));
    fireEvent.change(screen.getByLabelText('First person'), { target: { files: [pngHeaderFile('me.png', 64, 64)] } });
    await screen.findByText('me.png');

    fireEvent.click(create(40));

    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.get('people_consent')).toBe('yes');
    expect((sent!.get('photo_1') as File).name).toBe('me.png');
    const task = await screen.findByTestId('effect-task');
    expect(within(task).getAllByRole('status')[0]).toHaveTextContent('Generating your video');
    expect(within(task).getByRole('link', { name: 'See it in History' })).toHaveAttribute('href', '/video-history');
  });

  it('shows the finished video with Download in place, as the generator does', async () => {
    stream.ready();
    signInForTest({ credits: 100 });
    renderEffectsAt('/effects/asmr-video');
    fireEvent.change(await screen.findByLabelText('What is sliced'), { target: { value: 'kiwi' } });
    fireEvent.click(create(30));
    await screen.findByTestId('effect-task');

    const task = { id: 't1', status: 'completed', status_message: null, error_message: null, model: 'veo3' };
    stream.emitTask('completed', { ...task, prompt: 'ASMR kiwi', result_url: '/v/t1.mp4' });

    expect(await screen.findByRole('button', { name: /Download/ })).toBeInTheDocument();
    expect(screen.getByTestId('effect-task')).toHaveAttribute('data-status', 'success');
  });

  it('shows a failed video with the generator’s failure panel and Try Again', async () => {
    stream.ready();
    signInForTest({ credits: 100 });
    renderEffectsAt('/effects/asmr-video');
    fireEvent.change(await screen.findByLabelText('What is sliced'), { target: { value: 'kiwi' } });
    fireEvent.click(create(30));
    await screen.findByTestId('effect-task');

    const task = { id: 't1', status: 'failed', status_message: null, result_url: null, model: 'veo3' };
    stream.emitTask('failed', { ...task, prompt: 'ASMR kiwi', error_message: 'The prompt was rejected' });

    expect(await screen.findByText('Video Generation Failed')).toBeInTheDocument();
    expect(screen.getByText(/The prompt was rejected/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByTestId('effect-task')).not.toBeInTheDocument();
    expect(screen.getByLabelText('What is sliced')).toHaveValue('kiwi');
  });

  it('says a 400 beside the form and a 402 as the generator does, losing nothing typed', async () => {
    signInForTest({ credits: 100 });
    renderEffectsAt('/effects/asmr-video');
    fireEvent.change(await screen.findByLabelText('What is sliced'), { target: { value: 'kiwi' } });

    generateReply = () =>
      jsonResponse({ success: false, message: 'That text is not allowed', code: 'EFFECTS_BAD_INPUT' }, 400);
    fireEvent.click(create(30));
    await waitFor(() => expect(screen.getAllByRole('alert')[0]).toHaveTextContent('That text is not allowed'));
    expect(screen.getByLabelText('What is sliced')).toHaveValue('kiwi');
    expect(screen.queryByTestId('effect-task')).not.toBeInTheDocument();

    generateReply = () =>
      jsonResponse({ success: false, message: 'Insufficient credits', code: 'CREDITS_INSUFFICIENT' }, 402);
    fireEvent.click(create(30));
    expect(await screen.findByText('Not enough credits (100/30)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByLabelText('What is sliced')).toHaveValue('kiwi');
    expect(screen.queryByTestId('effect-task')).not.toBeInTheDocument();
  });

  it('sends a visitor to sign in at Create and brings their text and photo back on return', async () => {
    sessionStorage.setItem('effects:people-consent', 'yes');
    const { unmount } = renderEffectsAt('/effects/ai-french-kissing');
    fireEvent.change(await screen.findByLabelText('First person'), {
      target: { files: [pngHeaderFile('us.png', 64, 64)] },
    });
    await screen.findByText('us.png');

    fireEvent.click(create(40));

    await waitFor(() => expect(location()).toBe('/login?next=%2Feffects%2Fai-french-kissing'));
    expect(sessionStorage.getItem('draft:effect:ai-french-kissing')).toContain('us.png');
    unmount();

    signInForTest({ credits: 100 });
    renderEffectsAt('/effects/ai-french-kissing');
    expect(await screen.findByText('us.png')).toBeInTheDocument();
    expect(screen.getByText('Your inputs are back. Press Create to make your video.')).toBeInTheDocument();
    expect(sessionStorage.getItem('draft:effect:ai-french-kissing')).toBeNull();
  });

  it('keeps a visitor’s text when the photos are too large for the session, and says so on return', async () => {
    const setItem = Storage.prototype.setItem;
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.includes('data:')) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const { unmount } = renderEffectsAt('/effects/talking-postcard');
    fireEvent.change(await screen.findByLabelText('Greeting'), { target: { value: 'Hello from Rome' } });
    fireEvent.change(screen.getByLabelText('Your place'), { target: { files: [pngHeaderFile('rome.png', 64, 64)] } });
    await screen.findByText('rome.png');
    fireEvent.click(create(30));
    await waitFor(() => expect(location()).toContain('/login'));
    jest.restoreAllMocks();
    unmount();

    signInForTest({ credits: 100 });
    renderEffectsAt('/effects/talking-postcard');
    expect(await screen.findByText(/Your photos were too large to keep/)).toBeInTheDocument();
    expect(screen.getByLabelText('Greeting')).toHaveValue('Hello from Rome');
    expect(screen.queryByText('rome.png')).not.toBeInTheDocument();
  });
});
