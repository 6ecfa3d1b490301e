import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTask } from '@veo3/contracts/admin';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { refundTask, retryTask } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { ReasonDialog } from '../console/reason-dialog';
import { reasonOf } from '../console/state-views';

export interface TaskAction {
  kind: 'refund' | 'retry';
  task: AdminTask;
}

/** Refund (reason required) or Retry (reason optional) one task, after a confirmation. */
export function TaskActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: TaskAction | null;
  onClose: () => void;
  onDone: (message: string, failed: boolean) => void;
}) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: async ({ kind, task, reason }: TaskAction & { reason: string }) =>
      kind === 'refund'
        ? t('taskRefunded', { credits: formatNumber((await refundTask(task.id, reason)).credits_refunded, lang) })
        : (await retryTask(task.id, reason || undefined), t('taskRetried')),
    onSuccess: (message) => {
      onDone(message, false);
      onClose();
    },
    onError: (error) => onDone(t('actionFailed', { reason: reasonOf(error, t('unknownError')) }), true),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.tasks() });
      void client.invalidateQueries({ queryKey: adminKeys.users() });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
  const refund = action?.kind === 'refund';
  return (
    <ReasonDialog
      key={action ? `${action.kind}:${action.task.id}` : 'none'}
      open={action !== null}
      title={refund ? t('refundTaskTitle') : t('retryTaskTitle')}
      confirmLabel={refund ? t('refund') : t('retry_task')}
      reasonRequired={refund}
      busy={run.isPending}
      onClose={onClose}
      onConfirm={(reason) => action && run.mutate({ ...action, reason })}
    >
      {action &&
        (refund
          ? t('refundTaskText', { credits: formatNumber(action.task.credits, lang), email: action.task.user_email })
          : t('retryTaskText'))}
    </ReasonDialog>
  );
}
