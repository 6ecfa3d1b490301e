// The shell's server renderer, built for Node (scripts/rspack-app.mjs createServerRenderConfig) and
// run at build time (scripts/prerender.mjs) to write every shell route, in each language, to HTML.
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// The server's router: the same Router context as BrowserRouter, at a fixed location. Only the
// server renderer imports it, so it is not in the platform facade (and not in the browser's code).
// oxlint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router';
import { initLanguage, type Language } from '@veo3/platform/i18n/i18n';
import type { RuntimeConfig } from '@veo3/contracts/runtime-config';
import { setRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { App, remoteRoutes, shellRoutes } from '../app';
import { REMOTE_SLOT } from '../remotes/remote-placeholder';

export { remoteRoutes, shellRoutes, REMOTE_SLOT };

/**
 * The HTML inside `<div id="root">` for `url`, as the browser's first render will make it (signed
 * out), and the resource hints React put before it (an image preload), which belong in the head.
 */
export async function renderRoot(
  url: string,
  lang: Language,
  config: RuntimeConfig,
): Promise<{ head: string; body: string }> {
  initLanguage(lang);
  setRuntimeConfig(config);
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </QueryClientProvider>,
    {
      // Every boundary inline and complete: no completion scripts (the CSP allows no inline script).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        throw error;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  const hints = /^(?:<link [^>]*\/>)*/.exec(html)![0];
  if (html.includes('<script') || html.includes('<template'))
    throw new Error(`${url}: the render is not complete HTML`);
  return { head: hints, body: html.slice(hints.length) };
}
