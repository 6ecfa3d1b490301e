import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { markRemoteFailed } from './remote-health';

/**
 * Runtime hook: remembers which remote failed, and why, so that Retry re-registers
 * it from scratch instead of reusing a half-loaded container. Returning nothing lets
 * the error reach the route's error boundary, which shows the fallback panel.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'veo3-remote-fallback',
    errorLoadRemote({ id, error, remote }) {
      markRemoteFailed(remote?.name ?? id.split('/')[0] ?? id, error);
      return undefined;
    },
  };
}
