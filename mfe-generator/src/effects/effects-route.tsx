import { use } from 'react';
import { effectKeys, fetchEffects } from '../api/effects-api';
import EffectsPage from './effects-page';
import { firstRead } from './first-read';

/** /video-effects as the shell mounts it: its first render waits (a little) for the effects. */
export default function EffectsRoute() {
  use(firstRead(effectKeys.list(), ({ signal }) => fetchEffects(signal)));
  return <EffectsPage />;
}
