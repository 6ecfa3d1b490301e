import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@veo3/contracts/admin';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { signOutEverywhere } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { Notice } from '../console/notice';
import { ReasonDialog } from '../console/reason-dialog';
import { reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';

/** Ends every session of the user, after a confirmation. */
export function SignOutControl({ user }: { user: AdminUser }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const signOut = useMutation({
    mutationFn: (reason: string) => signOutEverywhere(user.id, reason || undefined),
    onSuccess: (data) => {
      setNotice({ message: t('signedOut', { count: formatNumber(data.sessions_revoked, lang) }), failed: false });
      setOpen(false);
    },
    onError: (error) =>
      setNotice({ message: t('actionFailed', { reason: reasonOf(error, t('unknownError')) }), failed: true }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.user(user.id) });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
  return (
    <div>
      <h3 className={styles.cardTitle}>{t('signOutEverywhere')}</h3>
      <p className={styles.hint}>{t('signOutHint')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('signOutEverywhere')}
      </Button>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <ReasonDialog
        key={open ? 'open' : 'closed'}
        open={open}
        title={t('signOutEverywhere')}
        confirmLabel={t('signOutEverywhere')}
        reasonRequired={false}
        busy={signOut.isPending}
        onClose={() => setOpen(false)}
        onConfirm={(reason) => signOut.mutate(reason)}
      >
        {t('confirmSignOut', { email: user.email })}
      </ReasonDialog>
    </div>
  );
}
