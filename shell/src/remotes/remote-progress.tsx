import { useSyncExternalStore } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { remoteLoading } from './remote-loading';
import { remoteMessages } from './remote.messages';

/** A thin bar at the top while a remote page loads; the current page stays usable meanwhile. */
export function RemoteProgress() {
  const t = useT(remoteMessages);
  const loading = useSyncExternalStore(remoteLoading.subscribe, remoteLoading.count, remoteLoading.count) > 0;
  if (!loading) return null;
  return <div className="shell-progress" role="progressbar" aria-label={t('loading')} />;
}
