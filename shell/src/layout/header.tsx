import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from '@veo3/platform/routing/router';
import { LANGUAGES, setLanguage, useLanguage, useT, type Language } from '@veo3/platform/i18n/i18n';
import { useSession } from '@veo3/platform/session/use-session';
import { useBalance } from '@veo3/platform/credits/use-balance';
import type { User } from '@veo3/platform/types/user';
import { shellMessages } from '../shell.messages';
import { useDismiss } from './use-dismiss';
import { useFocusTrap } from './use-focus-trap';
import { useSignOut } from './use-sign-out';

const SOLID_AFTER_PX = 50;

export function displayName(user: Pick<User, 'name' | 'email'>): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SOLID_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

function AiToolsMenu() {
  const t = useT(shellMessages);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  useFocusTrap(open, popupRef, toggleRef, close);
  const { pathname } = useLocation();
  return (
    <div className="shell-dropdown" ref={ref}>
      <button
        ref={toggleRef}
        type="button"
        className={`shell-nav__link${pathname === '/text-to-veo3-video' ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('navAiTools')} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div id={menuId} ref={popupRef} className="shell-dropdown__menu">
          <Link to="/text-to-veo3-video?type=text" className="shell-dropdown__item" onClick={close}>
            <strong>{t('textToVideo')}</strong>
            <span>{t('textToVideoHint')}</span>
          </Link>
          <Link to="/text-to-veo3-video?type=image" className="shell-dropdown__item" onClick={close}>
            <strong>{t('imageToVideo')}</strong>
            <span>{t('imageToVideoHint')}</span>
          </Link>
        </div>
      )}
    </div>
  );
}

function AccountMenu({ user }: { user: User }) {
  const t = useT(shellMessages);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  useFocusTrap(open, popupRef, toggleRef, close);
  const signOut = useSignOut();
  const name = displayName(user);
  const avatar = user.avatar_url || user.picture;
  return (
    <div className="shell-dropdown" ref={ref}>
      <button
        ref={toggleRef}
        type="button"
        className="shell-avatar"
        aria-label={t('accountMenu', { name })}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {avatar ? (
          <img src={avatar} alt="" referrerPolicy="no-referrer" />
        ) : (
          <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
        )}
      </button>
      {open && (
        <div id={menuId} ref={popupRef} className="shell-dropdown__menu shell-dropdown__menu--right">
          <div className="shell-account">
            <strong className="shell-account__name">{name}</strong>
            <span className="shell-account__email">{user.email}</span>
          </div>
          <Link to="/pricing" className="shell-dropdown__item" onClick={close}>
            {t('buyCredits')}
          </Link>
          <button type="button" className="shell-dropdown__item shell-dropdown__action" onClick={signOut}>
            {t('signOut')}
          </button>
        </div>
      )}
    </div>
  );
}

function LanguageSelect() {
  const t = useT(shellMessages);
  const lang = useLanguage();
  return (
    <select
      className="shell-lang"
      aria-label={t('language')}
      value={lang}
      onChange={(e) => setLanguage(e.target.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}

export function Header() {
  const t = useT(shellMessages);
  const { user } = useSession();
  const scrolled = useScrolled();
  const { pathname } = useLocation();
  // The mobile menu belongs to the page it was opened on, so navigating closes it.
  const [mobileMenuPath, setMobileMenuPath] = useState<string | null>(null);
  const mobileOpen = mobileMenuPath === pathname;
  const signOut = useSignOut();
  const { credits } = useBalance();
  const blogActive = pathname === '/blog' || pathname.startsWith('/blog/');
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const mobileMenuRef = useRef<HTMLElement>(null);
  const closeMobileMenu = useCallback(() => setMobileMenuPath(null), []);
  useFocusTrap(mobileOpen, mobileMenuRef, menuToggleRef, closeMobileMenu);

  const links = (
    <>
      <NavLink to="/" end className={({ isActive }) => `shell-nav__link${isActive ? ' is-active' : ''}`}>
        {t('navHome')}
      </NavLink>
      <AiToolsMenu />
      <NavLink to="/pricing" className={({ isActive }) => `shell-nav__link${isActive ? ' is-active' : ''}`}>
        {t('navPricing')}
      </NavLink>
      <Link
        to="/blog"
        className={`shell-nav__link${blogActive ? ' is-active' : ''}`}
        aria-current={blogActive ? 'page' : undefined}
      >
        {t('navBlog')}
      </Link>
      {user && (
        <NavLink to="/video-history" className={({ isActive }) => `shell-nav__link${isActive ? ' is-active' : ''}`}>
          {t('navHistory')}
        </NavLink>
      )}
      {user?.can_manage_blog && (
        <NavLink to="/blog-admin" className={({ isActive }) => `shell-nav__link${isActive ? ' is-active' : ''}`}>
          {t('navBlogAdmin')}
        </NavLink>
      )}
    </>
  );

  return (
    <header className={`shell-header${scrolled || mobileOpen ? ' is-solid' : ''}`}>
      <div className="shell-header__inner">
        <Link to="/" className="shell-logo">
          {t('brand')}
        </Link>
        <nav className="shell-nav" aria-label={t('mainNav')}>
          {links}
        </nav>
        <div className="shell-header__actions">
          <LanguageSelect />
          {user ? (
            <>
              <Link to="/credits" className="shell-credits" data-testid="header-credits">
                <span aria-hidden="true">◆</span> {t('creditsCount', { count: credits })}
              </Link>
              <AccountMenu user={user} />
            </>
          ) : (
            <Link to="/login" className="pf-button pf-button--primary pf-button--sm">
              {t('login')}
            </Link>
          )}
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
          <Link to="/">{t('navHome')}</Link>
          <Link to="/text-to-veo3-video">{t('navAiTools')}</Link>
          <Link to="/pricing">{t('navPricing')}</Link>
          <Link to="/blog">{t('navBlog')}</Link>
          {user && <Link to="/video-history">{t('navHistory')}</Link>}
          {user?.can_manage_blog && <Link to="/blog-admin">{t('navBlogAdmin')}</Link>}
          {user ? (
            <>
              <Link to="/credits" className="shell-credits">
                {credits} {t('credits')}
              </Link>
              <Link to="/pricing">{t('buyCredits')}</Link>
              <button type="button" className="pf-button pf-button--secondary pf-button--sm" onClick={signOut}>
                {t('signOut')}
              </button>
            </>
          ) : (
            <Link to="/login">{t('login')}</Link>
          )}
        </nav>
      )}
    </header>
  );
}
