import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { shellMessages } from '../shell.messages';
import { CookieSettingsButton } from '../consent/cookie-settings-button';

const YEAR = new Date().getFullYear();

export function Footer() {
  const t = useT(shellMessages);
  const { supportEmail, serviceEmail } = getRuntimeConfig();
  return (
    <footer className="shell-footer">
      <div className="shell-footer__inner">
        <div className="shell-footer__brand">
          <Link to="/" className="shell-logo">
            {t('brand')}
          </Link>
          <p>{t('footerTagline')}</p>
        </div>
        <nav aria-label={t('footerProduct')}>
          <h2>{t('footerProduct')}</h2>
          <ul>
            <li>
              <Link to="/">{t('navHome')}</Link>
            </li>
            <li>
              <Link to="/text-to-veo3-video">{t('footerAiVideo')}</Link>
            </li>
            <li>
              <Link to="/video-effects">{t('videoEffects')}</Link>
            </li>
            <li>
              <Link to="/ai-french-kissing">{t('frenchKissing')}</Link>
            </li>
            <li>
              <Link to="/asmr-video">{t('asmrVideo')}</Link>
            </li>
            <li>
              <Link to="/pricing">{t('navPricing')}</Link>
            </li>
            <li>
              {/* The server makes the community gallery's page: a document load, not the app's navigation. */}
              <a href="/explore">{t('footerExplore')}</a>
            </li>
            <li>
              <Link to="/blog">{t('navBlog')}</Link>
            </li>
            <li>
              <Link to="/developers">{t('footerDevelopers')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footerLegal')}>
          <h2>{t('footerLegal')}</h2>
          <ul>
            <li>
              <Link to="/terms-of-service">{t('footerTerms')}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{t('footerPrivacy')}</Link>
            </li>
            <li>
              <Link to="/refund-policy">{t('footerRefund')}</Link>
            </li>
            <CookieSettingsButton />
          </ul>
        </nav>
        <div>
          <h2>{t('footerContact')}</h2>
          <ul>
            <li>
              <a href={`mailto:${supportEmail}`}>{t('footerSupport', { email: supportEmail })}</a>
            </li>
            <li>
              <a href={`mailto:${serviceEmail}`}>{t('footerService', { email: serviceEmail })}</a>
            </li>
          </ul>
        </div>
      </div>
      <p className="shell-footer__rights">{t('footerRights', { year: YEAR })}</p>
    </footer>
  );
}
