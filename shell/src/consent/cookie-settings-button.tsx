import { useT } from '@veo3/platform/i18n/i18n';
import { openConsentSettings, useAnalyticsConfigured } from '@veo3/platform/analytics/consent';
import { consentMessages } from './consent.messages';

/** The footer's way back to the analytics question; absent when there is no analytics to consent to. */
export function CookieSettingsButton() {
  const t = useT(consentMessages);
  if (!useAnalyticsConfigured()) return null;
  return (
    <li>
      <button type="button" className="shell-footer__action" onClick={openConsentSettings}>
        {t('cookieSettings')}
      </button>
    </li>
  );
}
