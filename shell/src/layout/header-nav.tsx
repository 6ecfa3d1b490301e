import { Link, NavLink, useLocation } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import type { PublicUser as User } from '@veo3/contracts/auth';
import { shellMessages } from '../shell.messages';
import { AiToolsMenu } from './ai-tools-menu';
import { visibleNavItems, type NavItem } from './nav-items';

const navLinkClass = ({ isActive }: { isActive: boolean }) => `shell-nav__link${isActive ? ' is-active' : ''}`;

function DesktopNavEntry({ item }: { item: NavItem }) {
  const t = useT(shellMessages);
  const { pathname } = useLocation();
  switch (item.kind) {
    case 'menu':
      return <AiToolsMenu />;
    case 'section': {
      const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
      return (
        <Link
          to={item.to}
          className={`shell-nav__link${active ? ' is-active' : ''}`}
          aria-current={active ? 'page' : undefined}
        >
          {t(item.label)}
        </Link>
      );
    }
    default:
      return (
        <NavLink to={item.to} end={item.kind === 'exact'} className={navLinkClass}>
          {t(item.label)}
        </NavLink>
      );
  }
}

/** The header's navigation links, as the desktop bar shows them. */
export function DesktopNavLinks({ user }: { user: User | null }) {
  return (
    <>
      {visibleNavItems(user).map((item) => (
        <DesktopNavEntry key={item.to} item={item} />
      ))}
    </>
  );
}

/** The same links, as the mobile menu lists them. */
export function MobileNavLinks({ user }: { user: User | null }) {
  const t = useT(shellMessages);
  return (
    <>
      {visibleNavItems(user).map((item) => (
        <Link key={item.to} to={item.to}>
          {t(item.label)}
        </Link>
      ))}
    </>
  );
}
