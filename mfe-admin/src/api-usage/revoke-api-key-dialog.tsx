import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminApiKeyUsage } from '@veo3/contracts/api-keys';
import { useT } from '@veo3/platform/i18n/i18n';
import { revokeUserApiKey } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { ReasonDialog } from '../console/reason-dialog';
import { reasonOf } from '../console/state-views';

/** Revoke a user's key with a required reason, after a confirmation; tells `onDone` what happened. */
export function RevokeApiKeyDialog({
  apiKey,
  onClose,
  onDone,
}: {
  apiKey: AdminApiKeyUsage | null;
  onClose: () => void;
  onDone: (message: string, failed: boolean) => void;
}) {
  const t = useT(adminMessages);
  const client = useQueryClient();
  const revoke = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => revokeUserApiKey(id, reason),
    onSuccess: (key) => {
      onDone(t('keyRevokedNotice', { name: key.name, email: key.user_email }), false);
      onClose();
    },
    onError: (error) => onDone(t('actionFailed', { reason: reasonOf(error, t('unknownError')) }), true),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.apiUsage() });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
  return (
    <ReasonDialog
      key={apiKey?.id ?? 'none'}
      open={apiKey !== null}
      title={t('revokeKeyTitle')}
      confirmLabel={t('revokeKey')}
      reasonRequired
      busy={revoke.isPending}
      onClose={onClose}
      onConfirm={(reason) => apiKey && revoke.mutate({ id: apiKey.id, reason })}
    >
      {apiKey && t('revokeKeyText', { name: apiKey.name, prefix: apiKey.prefix, email: apiKey.user_email })}
    </ReasonDialog>
  );
}
