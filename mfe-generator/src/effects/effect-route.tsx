import { use } from 'react';
import { useParams } from '@veo3/platform/routing/router';
import { effectKeys, fetchEffect } from '../api/effects-api';
import EffectPage from './effect-page';
import { firstRead } from './first-read';

/** /effects/:slug as the shell mounts it: its first render waits (a little) for the effect. */
export default function EffectRoute() {
  const { slug = '' } = useParams();
  use(firstRead(effectKeys.one(slug), ({ signal }) => fetchEffect(slug, signal)));
  return <EffectPage />;
}
