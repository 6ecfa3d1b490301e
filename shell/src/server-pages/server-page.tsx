import { useEffect } from 'react';
import { useLocation } from '@veo3/platform/routing/router';
import { REMOTE_SLOT } from '../remotes/remote-placeholder';

/**
 * Pages the server makes whole (their content is the site's data, read per request: the community
 * gallery at /explore, a shared video's report form), which the shell shows inside its header and
 * footer as they came. The build pre-renders their frame with a slot (scripts/prerender.mjs), which
 * the server fills (services/src/site/page-shell.renderer.ts).
 */
export const serverRoutes = ['/explore', '/v/:id/report'] as const;

/** The HTML the server put in the page being hydrated, and the address it was made for. */
let served: { address: string; html: string } | undefined;

/** Called by bootstrap before hydration with what the server sent (undefined when it sent none). */
export function setServerPageHtml(html: string | undefined): void {
  served = html === undefined ? undefined : { address: currentAddress(), html };
}

function currentAddress(): string {
  return typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;
}

/** The address the document was loaded at: a server page there that has no HTML is not loaded again. */
const documentAddress = currentAddress();

/**
 * A server page: the server's HTML as it came, through dangerouslySetInnerHTML with the very HTML
 * the server sent, so hydration keeps it. Reached by the app's own navigation (Back, Forward), its
 * content is fetched the only way it exists: the browser loads the address from the server.
 */
export function ServerPage() {
  const location = useLocation();
  const address = `${location.pathname}${location.search}`;
  const html = typeof window === 'undefined' ? REMOTE_SLOT : served?.address === address ? served.html : undefined;

  useEffect(() => {
    // Reached inside the app (Back, Forward): load it from the server. Never the document's own
    // address again, which would loop where the server made no page (a development build).
    if (html === undefined && address !== documentAddress) window.location.reload();
  }, [html, address]);

  if (html === undefined) return null;
  return <div className="shell-server-page" data-server-page="" dangerouslySetInnerHTML={{ __html: html }} />;
}
