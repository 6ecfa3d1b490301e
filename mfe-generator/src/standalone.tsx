import { StandaloneRemote } from '@veo3/platform/dev/standalone-remote';
import GeneratorPage from './generator/generator-page';
import HistoryPage from './history/history-page';

StandaloneRemote({
  name: 'mfe-generator',
  routes: [
    { path: '/text-to-veo3-video', element: <GeneratorPage /> },
    { path: '/video-history', element: <HistoryPage /> },
  ],
});
