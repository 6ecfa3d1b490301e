import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@veo3/contracts/admin';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { Notice } from '../console/notice';
import { ReasonDialog } from '../console/reason-dialog';
import { reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';

export interface ReasonedActionProps<Reply> {
  user: AdminUser;
  /** The card's heading, the button and the dialog's title and confirm label. */
  label: string;
  hint: string;
  /** What the dialog asks before the reason field. */
  confirmation: ReactNode;
  reasonRequired: boolean;
  run: (reason: string) => Promise<Reply>;
  /** The notice shown once the server has done it. */
  done: (reply: Reply) => string;
}

/**
 * A dangerous action on a user's page (sign out everywhere, delete the account): a button, a
 * confirmation with a reason for the audit trail, then a notice; the user and the audit trail are
 * read again either way.
 */
export function ReasonedActionControl<Reply>(props: ReasonedActionProps<Reply>) {
  const { user, label, hint, confirmation, reasonRequired, run, done } = props;
  const t = useT(adminMessages);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const action = useMutation({
    mutationFn: run,
    onSuccess: (reply) => {
      setNotice({ message: done(reply), failed: false });
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
      <h3 className={styles.cardTitle}>{label}</h3>
      <p className={styles.hint}>{hint}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <ReasonDialog
        key={open ? 'open' : 'closed'}
        open={open}
        title={label}
        confirmLabel={label}
        reasonRequired={reasonRequired}
        busy={action.isPending}
        onClose={() => setOpen(false)}
        onConfirm={(reason) => action.mutate(reason)}
      >
        {confirmation}
      </ReasonDialog>
    </div>
  );
}
