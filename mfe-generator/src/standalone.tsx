import { StandaloneRemote } from '@veo3/platform/dev/standalone-remote';
import EffectPage from './effects/effect-page';
import EffectsPage from './effects/effects-page';
import GeneratorPage from './generator/generator-page';
import HistoryPage from './history/history-page';

StandaloneRemote({
  name: 'mfe-generator',
  routes: [
    { path: '/text-to-veo3-video', element: <GeneratorPage /> },
    { path: '/video-history', element: <HistoryPage /> },
    { path: '/video-effects', element: <EffectsPage /> },
    { path: '/effects/:slug', element: <EffectPage /> },
  ],
});
