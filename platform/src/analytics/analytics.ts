import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { rememberConsent, storedConsent, type ConsentChoice } from '@veo3/platform/analytics/consent';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let loadedId: string | null = null;

const CONSENT_TYPES = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;
const consentState = (value: ConsentChoice) => Object.fromEntries(CONSENT_TYPES.map((type) => [type, value]));

/**
 * Loads GA4 once, only when a measurement id is configured and the visitor accepted analytics;
 * otherwise every call is a no-op. Consent mode as Google documents it: everything denied by
 * default, then the visitor's grant, both queued before gtag.js arrives.
 */
function gtag(): Gtag | null {
  const id = getRuntimeConfig().gaMeasurementId;
  if (!id || typeof window === 'undefined' || storedConsent() !== 'granted') return null;
  if (loadedId !== id) {
    loadedId = id;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtagShim() {
      // gtag.js reads the arguments object, not an array.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('consent', 'default', consentState('denied'));
    window.gtag('consent', 'update', consentState('granted'));
    window.gtag('js', new Date());
    window.gtag('config', id, { send_page_view: false });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  }
  return window.gtag ?? null;
}

/** GA4's own cookies (`_ga`, `_ga_<stream>`), set on this host or a parent domain. */
function removeAnalyticsCookies(): void {
  const names = document.cookie
    .split('; ')
    .map((cookie) => cookie.split('=', 1)[0] ?? '')
    .filter((name) => name === '_ga' || name.startsWith('_ga_'));
  const labels = location.hostname.split('.');
  const domains = labels.map((_, i) => labels.slice(i).join('.')).filter((domain) => domain.includes('.'));
  for (const name of names) {
    const expired = `${name}=; path=/; max-age=0`;
    document.cookie = expired;
    for (const domain of domains) document.cookie = `${expired}; domain=${domain}`;
  }
}

/**
 * The visitor's answer to the consent banner, stored for 6 months and applied at once: an
 * acceptance loads GA4 and counts the page they are on; a refusal tells an already loaded GA4 and
 * stops every later call (and drops its cookies).
 */
export function chooseAnalyticsConsent(choice: ConsentChoice): void {
  const wasLoaded = loadedId !== null && loadedId === getRuntimeConfig().gaMeasurementId;
  rememberConsent(choice);
  if (choice === 'denied') {
    if (wasLoaded) window.gtag?.('consent', 'update', consentState('denied'));
    removeAnalyticsCookies();
    return;
  }
  if (wasLoaded) window.gtag?.('consent', 'update', consentState('granted'));
  trackPageView(location.pathname + location.search);
}

export function trackPageView(path: string, title = typeof document === 'undefined' ? '' : document.title): void {
  gtag()?.('event', 'page_view', { page_path: path, page_title: title });
}

/** GA4 keeps at most 100 characters of a parameter's value. */
export const MAX_PARAM_LENGTH = 100;

/** GA4 event names: a letter, then letters, digits and underscores, 40 at most (no spaces). */
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** `text` cut to `max` characters (whole code points, so an emoji or CJK supplement is never split). */
export function clip(text: string, max = MAX_PARAM_LENGTH): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/**
 * One GA4 event. A name GA4 would reject is a programming error and is not sent; string values are
 * cut to GA4's 100 characters.
 */
export function trackEvent(name: string, params: Record<string, string | number | boolean> = {}): void {
  if (!EVENT_NAME.test(name)) {
    console.warn(`analytics: '${name}' is not a valid GA4 event name; not sent`);
    return;
  }
  const send = gtag();
  if (!send) return;
  const clipped = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? clip(value) : value]),
  );
  send('event', name, clipped);
}

export interface GeneratePromptEvent {
  /** 'text' or 'image'. */
  mode: string;
  /** The model's apiPath, e.g. 'veo3' or 'veo3-fast-frames'. */
  model: string;
  prompt: string;
}

/**
 * SPEC §7's log of each generated prompt, as one GA4 event (GA4 rejects the old
 * '<mode>_to_video_<model name>' names, which hold spaces): `generate_prompt` with `mode`, `model`
 * and the prompt cut to 100 characters.
 */
export function trackGeneratePrompt({ mode, model, prompt }: GeneratePromptEvent): void {
  trackEvent('generate_prompt', { mode, model, prompt: clip(prompt) });
}
