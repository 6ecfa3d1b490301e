import { resetRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { clip, trackEvent, trackGeneratePrompt, trackPageView } from '@veo3/platform/analytics/analytics';

/** The gtag calls made so far, as arrays (gtag.js queues `arguments` objects). */
const calls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const events = () => calls().filter(([kind]) => kind === 'event');

function configure(gaMeasurementId: string | null) {
  document.getElementById('app-config')?.remove();
  const node = document.createElement('script');
  node.id = 'app-config';
  node.type = 'application/json';
  node.textContent = JSON.stringify({ gaMeasurementId });
  document.head.appendChild(node);
  resetRuntimeConfig();
}

beforeEach(() => {
  window.dataLayer = [];
});

afterAll(() => {
  document.getElementById('app-config')?.remove();
  resetRuntimeConfig();
});

describe('analytics', () => {
  it('sends nothing without a measurement id', () => {
    configure(null);
    trackEvent('login', { method: 'google' });
    trackPageView('/pricing', 'Pricing');
    expect(calls()).toEqual([]);
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('loads GA4 once and sends events and page views', () => {
    configure('G-TEST123');
    trackEvent('login', { method: 'google' });
    trackPageView('/pricing', 'Pricing');
    expect(document.querySelectorAll('script[src*="googletagmanager"]')).toHaveLength(1);
    expect(calls()[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(events()).toEqual([
      ['event', 'login', { method: 'google' }],
      ['event', 'page_view', { page_path: '/pricing', page_title: 'Pricing' }],
    ]);
  });

  it('logs a generated prompt as generate_prompt with mode, model and the prompt cut to 100 characters', () => {
    configure('G-TEST123');
    const prompt = 'A red toy car rolls across a sunlit kitchen table. '.repeat(4);
    trackGeneratePrompt({ mode: 'text', model: 'veo3', prompt });
    trackGeneratePrompt({ mode: 'image', model: 'veo3-fast-frames', prompt: 'The cat yawns' });
    expect(events()).toEqual([
      ['event', 'generate_prompt', { mode: 'text', model: 'veo3', prompt: prompt.slice(0, 100) }],
      ['event', 'generate_prompt', { mode: 'image', model: 'veo3-fast-frames', prompt: 'The cat yawns' }],
    ]);
  });

  it('never sends an event name GA4 rejects, such as one with spaces', () => {
    configure('G-TEST123');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    trackEvent('text_to_video_VEO 3 Text', { prompt: 'x' });
    trackEvent('1st_event');
    trackEvent('a'.repeat(41));
    expect(events()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('cuts every text parameter to 100 characters, never splitting a character', () => {
    configure('G-TEST123');
    trackEvent('share', { text: 'x'.repeat(150), count: 3 });
    expect(events()).toEqual([['event', 'share', { text: 'x'.repeat(100), count: 3 }]]);
    const emoji = '🎬'.repeat(120);
    expect(Array.from(clip(emoji))).toHaveLength(100);
    expect(clip(emoji)).toBe('🎬'.repeat(100));
    expect(clip('short')).toBe('short');
  });
});
