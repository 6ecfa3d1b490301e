import type { ReactNode } from 'react';
import { Button } from '@veo3/platform/ui/button';
import { uiMessages } from '@veo3/platform/ui/ui.messages';
import { useT } from '@veo3/platform/i18n/i18n';

export interface ErrorPanelProps {
  title?: string;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  children?: ReactNode;
}

export function ErrorPanel({ title, message, onRetry, retryLabel, children }: ErrorPanelProps) {
  const t = useT(uiMessages);
  return (
    <section className="pf-error-panel" role="alert">
      <h2 className="pf-error-panel__title">{title ?? t('errorTitle')}</h2>
      {message && <p className="pf-error-panel__message">{message}</p>}
      {children}
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          {retryLabel ?? t('retry')}
        </Button>
      )}
    </section>
  );
}
