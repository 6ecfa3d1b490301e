import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let loadedId: string | null = null;

/** Loads GA4 once, only when a measurement id is configured; otherwise every call is a no-op. */
function gtag(): Gtag | null {
  const id = getRuntimeConfig().gaMeasurementId;
  if (!id || typeof window === 'undefined') return null;
  if (loadedId !== id) {
    loadedId = id;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtagShim() {
      // gtag.js reads the arguments object, not an array.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', id, { send_page_view: false });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  }
  return window.gtag ?? null;
}

export function trackPageView(path: string, title = typeof document === 'undefined' ? '' : document.title): void {
  gtag()?.('event', 'page_view', { page_path: path, page_title: title });
}

export function trackEvent(name: string, params: Record<string, string | number | boolean> = {}): void {
  gtag()?.('event', name, params);
}
