import { ADMIN_ROLES, type AdminUser } from '@veo3/contracts/admin';
import { useT } from '@veo3/platform/i18n/i18n';
import { adminMessages } from '../admin.messages';
import styles from '../console/admin-console.module.css';

/** The roles in effect, each marked when the configuration gives it. */
export function RoleBadges({ user }: { user: AdminUser }) {
  const t = useT(adminMessages);
  const held = ADMIN_ROLES.filter((role) => (role === 'admin' ? user.is_admin : user.can_manage_blog));
  if (held.length === 0) return <span className={styles.muted}>{t('none')}</span>;
  return (
    <>
      {held.map((role) => (
        <span key={role} className={styles.badge}>
          {t(`role_${role}`)}
          {user.config_roles.includes(role) && ` ${t('fromConfig')}`}
        </span>
      ))}
    </>
  );
}
