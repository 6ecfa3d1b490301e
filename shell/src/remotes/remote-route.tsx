import {
  Component,
  lazy,
  useEffect,
  useState,
  useTransition,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { RemoteName } from '@veo3/contracts/runtime-config';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { useT } from '@veo3/platform/i18n/i18n';
import { loadRemotePage, RemoteLoadError, switchToCurrentRelease } from './remote-loader';
import { remoteMessages } from './remote.messages';
import { getRemotePlaceholder, REMOTE_SLOT, setRemotePlaceholder } from './remote-placeholder';
import './remote-placeholder.css';

const pages = new Map<string, ComponentType>();

/** The lazy page of a route, made once: a suspended render may run again and must get the same one. */
function remotePage(remote: RemoteName, expose: string): ComponentType {
  const key = `${remote}/${expose}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadRemotePage(remote, expose));
    pages.set(key, page);
  }
  return page;
}

/** Retry: a new lazy page that loads the remote from scratch (called from the click, not from render). */
function reloadRemotePage(remote: RemoteName, expose: string): void {
  pages.set(
    `${remote}/${expose}`,
    lazy(() => loadRemotePage(remote, expose, true)),
  );
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

/**
 * Where the remote will be, sized so that the footer does not jump when it arrives; it holds what
 * the server put there (the blog's article for readers without JavaScript, or the remote's own
 * rendering of the page, inert and laid out as the page that replaces it), through
 * dangerouslySetInnerHTML with the very HTML the server sent, so hydration keeps it as it is.
 * While the remote loads, a status spinner sits in its corner (over nothing, so nothing moves).
 */
function RemotePlaceholder({ remote, html, loading }: { remote: RemoteName; html: string; loading: boolean }) {
  return (
    <div className="shell-remote-placeholder" data-remote-placeholder={remote}>
      {/* The server's own markup (the shell's slot, filled by the site from sanitized content). */}
      <div className="shell-remote-placeholder__content" dangerouslySetInnerHTML={{ __html: html }} />
      {loading && (
        <div className="shell-remote-placeholder__status">
          <Spinner size="lg" />
        </div>
      )}
    </div>
  );
}

export interface RemoteRouteProps {
  remote: RemoteName;
  expose: string;
}

/**
 * A route served by a remote, or a fallback panel with Retry when it cannot load. It has no
 * Suspense boundary of its own: navigations run as transitions, so the page the user is on stays
 * (with the progress bar) until the remote is ready, and the layout's spinner covers a first load.
 * A fresh boundary here would show a spinner and hold the page back by React's fallback throttle.
 */
export function RemoteRoute({ remote, expose }: RemoteRouteProps) {
  const t = useT(remoteMessages);
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<Error | null>(null);
  // Pre-rendered (on the server, and while hydrating its HTML): the placeholder; the remote loads after.
  const [loading, startTransition] = useTransition();
  const [prerendered, setPrerendered] = useState(() =>
    typeof window === 'undefined' ? REMOTE_SLOT : getRemotePlaceholder(),
  );

  useEffect(() => {
    if (prerendered === undefined) return;
    setRemotePlaceholder(undefined);
    // A transition: the placeholder (with the server's content) stays until the remote is ready.
    startTransition(() => setPrerendered(undefined));
  }, [prerendered]);

  if (prerendered !== undefined) return <RemotePlaceholder remote={remote} html={prerendered} loading={loading} />;

  // A Map lookup: the same page on every render until Retry replaces it.
  const Page = remotePage(remote, expose);

  if (error) {
    const reason = error instanceof RemoteLoadError ? error.message : t('crashed');
    return (
      <div className="shell-remote-fallback" data-remote={remote}>
        <ErrorPanel
          title={t('unavailableTitle', { name: t(`name_${remote}`) })}
          message={t('unavailableMessage', { reason })}
          retryLabel={t('retry')}
          onRetry={() => {
            reloadRemotePage(remote, expose);
            setError(null);
            setAttempt((n) => n + 1);
          }}
        />
      </div>
    );
  }

  // A page that fails once mounted (a lazy chunk of a release past retention): the current release
  // is mounted in its place when the remote map names another; otherwise the fallback panel shows.
  const recover = (failure: Error) => {
    void switchToCurrentRelease(remote).then((switched) => {
      if (!switched) return setError(failure);
      reloadRemotePage(remote, expose);
      setAttempt((n) => n + 1);
    });
  };

  return (
    <RemoteErrorBoundary key={attempt} onError={recover}>
      {/* A remote page is known only at runtime; remotePage() caches it per route so its state survives re-renders. */}
      {/* oxlint-disable-next-line react/static-components */}
      <Page />
    </RemoteErrorBoundary>
  );
}
