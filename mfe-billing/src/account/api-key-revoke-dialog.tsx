import { useEffect, useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@veo3/contracts/api-keys';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Modal } from '@veo3/platform/ui/modal';
import { revokeApiKey } from '../api/api-keys-api';
import { billingKeys } from '../api/billing-keys';
import { accountMessages } from './account.messages';
import styles from './api-keys-section.module.css';

/** The confirmation of Revoke, naming the key; the list shows it revoked at once, then reads it again. */
export function ApiKeyRevokeDialog({
  userId,
  apiKey,
  onClose,
  onRevoked,
}: {
  userId: string;
  apiKey: ApiKey | null;
  onClose: () => void;
  onRevoked: (apiKey: ApiKey) => void;
}) {
  const t = useT(accountMessages);
  const client = useQueryClient();
  const id = useId();
  const listKey = billingKeys.apiKeys(userId);
  // After the Modal's own effect opened the dialog: the safe choice, not the ×.
  useEffect(() => {
    if (apiKey) document.getElementById(`${id}-cancel`)?.focus();
  }, [apiKey, id]);
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onSuccess: (_, key) => {
      const now = new Date().toISOString();
      client.setQueryData<ApiKey[]>(listKey, (keys) =>
        keys?.map((k) => (k.id === key.id ? { ...k, revoked_at: k.revoked_at ?? now } : k)),
      );
      void client.invalidateQueries({ queryKey: listKey });
      onRevoked(key);
    },
  });
  const close = () => {
    if (!revoke.isPending) onClose();
  };

  return (
    <Modal open={apiKey !== null} title={apiKey ? t('apiKeyRevokeTitle', { name: apiKey.name }) : ''} onClose={close}>
      {apiKey && (
        <div className={styles.form}>
          <p className={styles.dialogText}>
            <code className={styles.code}>{apiKey.prefix}…</code> {t('apiKeyRevokeText')}
          </p>
          {revoke.isError && (
            <p className={styles.error} role="alert">
              {t('apiKeyRevokeFailed')}
            </p>
          )}
          <div className={styles.buttons}>
            <Button id={`${id}-cancel`} variant="secondary" onClick={close} disabled={revoke.isPending}>
              {t('apiKeyCancel')}
            </Button>
            <Button variant="danger" busy={revoke.isPending} onClick={() => revoke.mutate(apiKey)}>
              {t('apiKeyRevokeConfirm')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
