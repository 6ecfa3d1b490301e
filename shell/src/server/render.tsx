// The shell's server renderer, built for Node (scripts/rspack-app.mjs createServerRenderConfig) and
// run at build time (scripts/prerender.mjs) to write every shell route, in each language, to HTML.
import { renderStatic } from '@veo3/platform/server/prerender-page';
import { initLanguage, type Language } from '@veo3/platform/i18n/i18n';
import type { RuntimeConfig } from '@veo3/contracts/runtime-config';
import { setRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { App, remoteRoutes, shellRoutes } from '../app';
import { REMOTE_SLOT } from '../remotes/remote-placeholder';
import { serverRoutes } from '../server-pages/server-page';

export { remoteRoutes, serverRoutes, shellRoutes, REMOTE_SLOT };

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
  return renderStatic(<App />, url);
}
