import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import type { PublicUser as User } from '@veo3/contracts/auth';
import { shellMessages } from '../shell.messages';
import { useDropdown } from './use-dropdown';
import { useSignOut } from './use-sign-out';

export function displayName(user: Pick<User, 'name' | 'email'>): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}

export function AccountMenu({ user }: { user: User }) {
  const t = useT(shellMessages);
  const { open, close, toggle, rootRef, toggleRef, popupRef, menuId } = useDropdown();
  const signOut = useSignOut();
  const name = displayName(user);
  const avatar = user.avatar_url || user.picture;
  return (
    <div className="shell-dropdown" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="shell-avatar"
        aria-label={t('accountMenu', { name })}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
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
          <Link to="/account" className="shell-dropdown__item" onClick={close}>
            {t('account')}
          </Link>
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
