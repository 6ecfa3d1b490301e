import { lazy, type ComponentType } from 'react';

/**
 * React.lazy keeps a failed download failed for good. This one can start over: `retry()` makes the next
 * render ask for the chunk again (the caller remounts its error boundary to render again).
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let Current = lazy(load);
  function RetryableLazy(props: P) {
    return <Current {...props} />;
  }
  return {
    Component: RetryableLazy,
    retry: () => {
      Current = lazy(load);
    },
  };
}
