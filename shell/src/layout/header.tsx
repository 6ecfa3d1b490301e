import { useCallback, useRef, useState } from 'react';
import { Link, useLocation } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { useSession } from '@veo3/platform/session/use-session';
import { shellMessages } from '../shell.messages';
import { HeaderAccount, HeaderBalance, LoginLink } from './header-account';
import { DesktopNavLinks, MobileNavLinks } from './header-nav';
import { LanguageSelect } from './language-select';
import { useFocusTrap } from './use-focus-trap';
import { useScrolled } from './use-scrolled';
import { useSignOut } from './use-sign-out';

export { displayName } from './account-menu';

export function Header() {
  const t = useT(shellMessages);
  const { user } = useSession();
  const scrolled = useScrolled();
  const { pathname } = useLocation();
  // The mobile menu belongs to the page it was opened on, so navigating closes it.
  const [mobileMenuPath, setMobileMenuPath] = useState<string | null>(null);
  const mobileOpen = mobileMenuPath === pathname;
  const signOut = useSignOut();
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const mobileMenuRef = useRef<HTMLElement>(null);
  const closeMobileMenu = useCallback(() => setMobileMenuPath(null), []);
  useFocusTrap(mobileOpen, mobileMenuRef, menuToggleRef, closeMobileMenu);

  return (
    <header className={`shell-header${scrolled || mobileOpen ? ' is-solid' : ''}`}>
      <div className="shell-header__inner">
        <Link to="/" className="shell-logo">
          {t('brand')}
        </Link>
        <nav className="shell-nav" aria-label={t('mainNav')}>
          <DesktopNavLinks user={user} />
        </nav>
        <div className="shell-header__actions">
          <LanguageSelect />
          <HeaderAccount />
          <button
            ref={menuToggleRef}
            type="button"
            className="shell-menu-toggle"
            aria-expanded={mobileOpen}
            aria-controls="shell-mobile-menu"
            aria-label={mobileOpen ? t('closeMenu') : t('openMenu')}
            onClick={() => setMobileMenuPath(mobileOpen ? null : pathname)}
          >
            <span aria-hidden="true">{mobileOpen ? '✕' : '☰'}</span>
          </button>
        </div>
      </div>
      {mobileOpen && (
        <nav id="shell-mobile-menu" ref={mobileMenuRef} className="shell-mobile-menu" aria-label={t('mainNav')}>
          <MobileNavLinks user={user} />
          {user ? (
            <>
              <HeaderBalance />
              <Link to="/account">{t('account')}</Link>
              <Link to="/pricing">{t('buyCredits')}</Link>
              <button type="button" className="pf-button pf-button--secondary pf-button--sm" onClick={signOut}>
                {t('signOut')}
              </button>
            </>
          ) : (
            <LoginLink />
          )}
          {/* On the narrowest screens the header has no room for the language menu, so it moves here. */}
          <label className="shell-mobile-menu__lang">
            <span aria-hidden="true">{t('language')}</span>
            <LanguageSelect />
          </label>
        </nav>
      )}
    </header>
  );
}
