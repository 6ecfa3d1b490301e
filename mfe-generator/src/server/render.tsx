// The generator's server renderer (scripts/prerender-remote.mjs): its form as a signed-out visitor
// first sees it, in each tab `?type=` opens, so that the site's HTML paints the page before the
// remote's code has run (services/src/site/remote-prerender.ts puts it in the route's placeholder).
import GeneratorPage from '../generator/generator-page';

export { prerenderPage } from '@veo3/platform/server/prerender-page';

export const pages = [
  {
    expose: 'generator-page',
    urls: ['/text-to-veo3-video', '/text-to-veo3-video?type=text', '/text-to-veo3-video?type=image'],
    element: <GeneratorPage />,
  },
];
