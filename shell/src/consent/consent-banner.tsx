import { useEffect, useId, useRef } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import { useT } from '@veo3/platform/i18n/i18n';
import { chooseAnalyticsConsent } from '@veo3/platform/analytics/analytics';
import { consentSettingsOpen, useConsentAsked, type ConsentChoice } from '@veo3/platform/analytics/consent';
import { consentMessages } from './consent.messages';
import './consent-banner.css';

/**
 * The analytics question (SPEC §2), fixed over the foot of the page so nothing moves. Never in the
 * pre-rendered HTML: it appears after hydration, only to a visitor with no current choice or who
 * asked for it from 'Cookie settings' (then it takes the focus, and gives it back after the answer).
 */
export function ConsentBanner() {
  const t = useT(consentMessages);
  const asked = useConsentAsked();
  const region = useRef<HTMLElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (!asked || !consentSettingsOpen()) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    region.current?.focus();
  }, [asked]);

  if (!asked) return null;

  const choose = (choice: ConsentChoice) => {
    const target = returnTo.current?.isConnected ? returnTo.current : document.getElementById('main');
    returnTo.current = null;
    chooseAnalyticsConsent(choice);
    target?.focus({ preventScroll: true });
  };

  return (
    <section ref={region} className="shell-consent" aria-labelledby={titleId} tabIndex={-1}>
      <div className="shell-consent__inner">
        <div className="shell-consent__text">
          <h2 id={titleId} className="shell-consent__title">
            {t('consentTitle')}
          </h2>
          {/* Two short paragraphs, so neither outgrows the page's own largest paint (LCP). */}
          <p>{t('consentPurpose')}</p>
          <p>
            {t('consentChoice')} <Link to="/privacy-policy">{t('consentPrivacy')}</Link>
          </p>
        </div>
        <div className="shell-consent__actions">
          <Button variant="secondary" onClick={() => choose('denied')}>
            {t('consentReject')}
          </Button>
          <Button variant="secondary" onClick={() => choose('granted')}>
            {t('consentAccept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
