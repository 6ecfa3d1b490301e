import { resetRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { CONSENT_KEY } from '@veo3/platform/analytics/consent';

type AnalyticsModule = typeof import('@veo3/platform/analytics/analytics');

/** The gtag calls made so far, as arrays (gtag.js queues `arguments` objects). */
const calls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const events = () => calls().filter(([kind]) => kind === 'event');
const gtagScripts = () => document.querySelectorAll('script[src*="googletagmanager"]');
const denied = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};
const granted = {
  analytics_storage: 'granted',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
};

function configure(gaMeasurementId: string | null) {
  document.getElementById('app-config')?.remove();
  const node = document.createElement('script');
  node.id = 'app-config';
  node.type = 'application/json';
  node.textContent = JSON.stringify({ gaMeasurementId });
  document.head.appendChild(node);
  resetRuntimeConfig();
}

function storeChoice(choice: string, at: Date) {
  localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice, at: at.toISOString() }));
}

/** A fresh page: the analytics module as first loaded, GA4 not yet on it. */
function freshAnalytics(): AnalyticsModule {
  let loaded: AnalyticsModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual('@veo3/platform/analytics/analytics');
  });
  return loaded!;
}

let analytics: AnalyticsModule;

beforeEach(() => {
  window.dataLayer = [];
  localStorage.clear();
  gtagScripts().forEach((script) => script.remove());
  analytics = freshAnalytics();
});

afterAll(() => {
  document.getElementById('app-config')?.remove();
  resetRuntimeConfig();
});

describe('analytics without consent', () => {
  it('sends nothing without a measurement id, whatever was chosen', () => {
    configure(null);
    storeChoice('granted', new Date());
    analytics.trackEvent('login', { method: 'google' });
    analytics.trackPageView('/pricing', 'Pricing');
    expect(calls()).toEqual([]);
    expect(gtagScripts()).toHaveLength(0);
  });

  it('loads nothing, queues nothing and stores nothing before the visitor accepts', () => {
    configure('G-TEST123');
    analytics.trackPageView('/pricing', 'Pricing');
    analytics.trackGeneratePrompt({ mode: 'text', model: 'veo3', prompt: 'A cat' });
    expect(calls()).toEqual([]);
    expect(gtagScripts()).toHaveLength(0);
    expect(window.gtag).toBeUndefined();
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('sends nothing after a refusal, on this page or a later one', () => {
    configure('G-TEST123');
    analytics.chooseAnalyticsConsent('denied');
    analytics.trackPageView('/pricing', 'Pricing');
    analytics = freshAnalytics();
    analytics.trackPageView('/', 'Home');
    expect(calls()).toEqual([]);
    expect(gtagScripts()).toHaveLength(0);
  });
});

describe('analytics with consent', () => {
  it('on Accept sets every consent type denied by default, then granted, before gtag.js and its config', () => {
    configure('G-TEST123');
    window.history.replaceState(null, '', '/pricing?plan=pro');
    analytics.chooseAnalyticsConsent('granted');
    expect(calls().slice(0, 2)).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
    ]);
    expect(calls()[2]?.[0]).toBe('js');
    expect(calls()[3]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(gtagScripts()).toHaveLength(1);
    // The page the visitor accepted on is counted.
    expect(events()).toEqual([['event', 'page_view', { page_path: '/pricing?plan=pro', page_title: '' }]]);
    window.history.replaceState(null, '', '/');
  });

  it('loads GA4 once on a later visit of someone who accepted, and sends events and page views', () => {
    configure('G-TEST123');
    storeChoice('granted', new Date());
    analytics.trackEvent('login', { method: 'google' });
    analytics.trackPageView('/pricing', 'Pricing');
    expect(gtagScripts()).toHaveLength(1);
    expect(calls()[0]).toEqual(['consent', 'default', denied]);
    expect(events()).toEqual([
      ['event', 'login', { method: 'google' }],
      ['event', 'page_view', { page_path: '/pricing', page_title: 'Pricing' }],
    ]);
  });

  it('on a later Reject tells GA4 at once, drops its cookies and sends nothing more', () => {
    configure('G-TEST123');
    storeChoice('granted', new Date());
    analytics.trackPageView('/', 'Home');
    document.cookie = '_ga=GA1.1.123; path=/';
    document.cookie = '_ga_TEST123=GS1.1.456; path=/';
    document.cookie = 'lang=en; path=/';
    analytics.chooseAnalyticsConsent('denied');
    analytics.trackGeneratePrompt({ mode: 'text', model: 'veo3', prompt: 'A cat' });
    expect(calls().at(-1)).toEqual(['consent', 'update', denied]);
    expect(events()).toHaveLength(1);
    expect(document.cookie).toBe('lang=en');
    document.cookie = 'lang=; path=/; max-age=0';
  });

  it('asks again once the choice is 6 months old: until then nothing is sent', () => {
    configure('G-TEST123');
    const sixMonthsAgo = new Date();
    sixMonthsAgo.setMonth(sixMonthsAgo.getMonth() - 6);
    storeChoice('granted', sixMonthsAgo);
    analytics.trackPageView('/', 'Home');
    expect(calls()).toEqual([]);
    expect(gtagScripts()).toHaveLength(0);
  });

  it('logs a generated prompt as generate_prompt with mode, model and the prompt cut to 100 characters', () => {
    configure('G-TEST123');
    storeChoice('granted', new Date());
    const prompt = 'A red toy car rolls across a sunlit kitchen table. '.repeat(4);
    analytics.trackGeneratePrompt({ mode: 'text', model: 'veo3', prompt });
    analytics.trackGeneratePrompt({ mode: 'image', model: 'veo3-fast-frames', prompt: 'The cat yawns' });
    expect(events()).toEqual([
      ['event', 'generate_prompt', { mode: 'text', model: 'veo3', prompt: prompt.slice(0, 100) }],
      ['event', 'generate_prompt', { mode: 'image', model: 'veo3-fast-frames', prompt: 'The cat yawns' }],
    ]);
  });

  it('never sends an event name GA4 rejects, such as one with spaces', () => {
    configure('G-TEST123');
    storeChoice('granted', new Date());
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    analytics.trackEvent('text_to_video_VEO 3 Text', { prompt: 'x' });
    analytics.trackEvent('1st_event');
    analytics.trackEvent('a'.repeat(41));
    expect(events()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('cuts every text parameter to 100 characters, never splitting a character', () => {
    configure('G-TEST123');
    storeChoice('granted', new Date());
    analytics.trackEvent('share', { text: 'x'.repeat(150), count: 3 });
    expect(events()).toEqual([['event', 'share', { text: 'x'.repeat(100), count: 3 }]]);
    const emoji = '🎬'.repeat(120);
    expect(Array.from(analytics.clip(emoji))).toHaveLength(100);
    expect(analytics.clip(emoji)).toBe('🎬'.repeat(100));
    expect(analytics.clip('short')).toBe('short');
  });
});
