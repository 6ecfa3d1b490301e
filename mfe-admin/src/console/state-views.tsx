import { ApiError } from '@veo3/platform/api/api-client';
import { useT } from '@veo3/platform/i18n/i18n';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { adminMessages } from '../admin.messages';
import styles from './admin-console.module.css';

/** The text of a failure: the server's message when it sent one. */
export function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

export function LoadingState() {
  const t = useT(adminMessages);
  return (
    <div className={styles.state} role="status">
      <Spinner size="md" label="" /> {t('loading')}
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <p className={styles.state}>{text}</p>;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(adminMessages);
  return (
    <ErrorPanel
      message={t('loadFailed', { reason: reasonOf(error, t('unknownError')) })}
      onRetry={onRetry}
      retryLabel={t('retry')}
    />
  );
}
