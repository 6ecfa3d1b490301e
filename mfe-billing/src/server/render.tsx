// Billing's server renderer (scripts/prerender-remote.mjs): the pricing page as a signed-out visitor
// first sees it, so that the site's HTML paints it before the remote's code has run
// (services/src/site/remote-prerender.ts puts it in the route's placeholder).
import PricingPage from '../pricing/pricing-page';

export { prerenderPage } from '@veo3/platform/server/prerender-page';

export const pages = [{ expose: 'pricing-page', urls: ['/pricing'], element: <PricingPage /> }];
