import { useT } from '@veo3/platform/i18n/i18n';
import { generatorMessages } from './generator.messages';
import { waitSpan, type ModelWait } from './wait-estimate';

/**
 * "Usually ready in about 1 min (9 in 10 within 3 min)" from the site's own completions, or the
 * vendor's figure said as theirs (it gives no spread).
 */
export function useWaitText(): (wait: ModelWait) => string {
  const t = useT(generatorMessages);
  const span = (seconds: number) => {
    const { key, count } = waitSpan(seconds);
    return t(key, { count });
  };
  return (wait) =>
    wait.source === 'vendor'
      ? t('waitVendor', { median: span(wait.median_s) })
      : t('waitSite', { median: span(wait.median_s), p90: span(wait.p90_s) });
}
