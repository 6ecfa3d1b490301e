import {
  Component,
  lazy,
  Suspense,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { RemoteName } from '@veo3/platform/config/runtime-config';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { useT } from '@veo3/platform/i18n/i18n';
import { loadRemotePage, RemoteLoadError } from './remote-loader';
import { remoteMessages } from './remote.messages';

const pages = new Map<string, ComponentType>();

function remotePage(remote: RemoteName, expose: string, fresh: boolean): ComponentType {
  const key = `${remote}/${expose}`;
  let page = pages.get(key);
  if (!page || fresh) {
    page = lazy(() => loadRemotePage(remote, expose, fresh));
    pages.set(key, page);
  }
  return page;
}

interface BoundaryProps {
  onError: (error: Error) => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('[remote]', error.message, info.componentStack ?? '');
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export interface RemoteRouteProps {
  remote: RemoteName;
  expose: string;
}

/** A route served by a remote: spinner while it loads, a fallback panel with Retry when it cannot. */
export function RemoteRoute({ remote, expose }: RemoteRouteProps) {
  const t = useT(remoteMessages);
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<Error | null>(null);

  const Page = useMemo(() => remotePage(remote, expose, attempt > 0), [remote, expose, attempt]);

  if (error) {
    const reason = error instanceof RemoteLoadError ? error.message : t('crashed');
    return (
      <div className="shell-remote-fallback" data-remote={remote}>
        <ErrorPanel
          title={t('unavailableTitle', { name: t(`name_${remote}`) })}
          message={t('unavailableMessage', { reason })}
          retryLabel={t('retry')}
          onRetry={() => {
            setError(null);
            setAttempt((n) => n + 1);
          }}
        />
      </div>
    );
  }

  return (
    <RemoteErrorBoundary key={attempt} onError={setError}>
      <Suspense
        fallback={
          <div className="shell-remote-loading">
            <Spinner size="lg" />
          </div>
        }
      >
        {/* A remote page is known only at runtime; remotePage() caches it per route so its state survives re-renders. */}
        {/* oxlint-disable-next-line react/static-components */}
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
