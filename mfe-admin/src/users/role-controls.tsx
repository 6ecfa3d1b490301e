import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLES, type AdminRole, type AdminUser } from '@veo3/contracts/admin';
import { useT } from '@veo3/platform/i18n/i18n';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { changeRole } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { Notice } from '../console/notice';
import { ReasonDialog } from '../console/reason-dialog';
import { reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';

const holds = (user: AdminUser, role: AdminRole) => (role === 'admin' ? user.is_admin : user.can_manage_blog);

/** Grant or remove the admin and blog-manager roles; the server refuses what the rules forbid. */
export function RoleControls({ user }: { user: AdminUser }) {
  const t = useT(adminMessages);
  const me = useSession().user;
  const client = useQueryClient();
  const [pending, setPending] = useState<{ role: AdminRole; granted: boolean } | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const change = useMutation({
    mutationFn: (body: { role: AdminRole; granted: boolean; reason?: string }) => changeRole(user.id, body),
    onSuccess: (data, body) => {
      const roleName = t(`role_${body.role}`);
      const unchanged = holds(data.user, body.role) === holds(user, body.role);
      setNotice({
        message: unchanged
          ? t('roleUnchanged')
          : body.granted
            ? t('roleGranted', { role: roleName })
            : t('roleRemoved', { role: roleName }),
        failed: false,
      });
      setPending(null);
    },
    onError: (error) =>
      setNotice({ message: t('actionFailed', { reason: reasonOf(error, t('unknownError')) }), failed: true }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.users() });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });

  return (
    <div>
      <h3 className={styles.cardTitle}>{t('roles')}</h3>
      <ul className={styles.roleList}>
        {ADMIN_ROLES.map((role) => {
          const held = holds(user, role);
          const fromConfig = held && user.config_roles.includes(role);
          const own = held && role === 'admin' && me?.id === user.id;
          const name = t(`role_${role}`);
          return (
            <li key={role} className={styles.roleRow}>
              <span>
                {name}: <strong>{held ? t('yes') : t('no')}</strong>
                {fromConfig && <span className={styles.hint}> {t('roleFromConfig')}</span>}
                {own && !fromConfig && <span className={styles.hint}> {t('ownAdminRole')}</span>}
              </span>
              <Button
                variant={held ? 'danger' : 'secondary'}
                size="sm"
                disabled={fromConfig || own}
                onClick={() => setPending({ role, granted: !held })}
              >
                {held ? t('removeRole', { role: name }) : t('grantRole', { role: name })}
              </Button>
            </li>
          );
        })}
      </ul>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <ReasonDialog
        key={pending ? `${pending.role}:${pending.granted}` : 'none'}
        open={pending !== null}
        title={
          pending
            ? pending.granted
              ? t('grantRole', { role: t(`role_${pending.role}`) })
              : t('removeRole', { role: t(`role_${pending.role}`) })
            : ''
        }
        confirmLabel={t('confirm')}
        reasonRequired={false}
        busy={change.isPending}
        onClose={() => setPending(null)}
        onConfirm={(reason) => pending && change.mutate({ ...pending, reason: reason || undefined })}
      >
        {user.email}
      </ReasonDialog>
    </div>
  );
}
