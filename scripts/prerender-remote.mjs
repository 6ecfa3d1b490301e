// Pre-renders a remote's pages at build time, for the remotes that have a server renderer
// (<remote>/src/server/render.tsx): each listed page at each of its addresses, in each language,
// signed out, as the remote's first client render makes it. Writes <outDir>/prerender.json beside
// the remote's mf-manifest.json, so that it ships with the release it was rendered from; the site
// (services/src/site/remote-prerender.ts) puts it in the route's placeholder with the page's CSS.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from './prerender.mjs';

export const REMOTE_PRERENDER_FILE = 'prerender.json';

/**
 * @param {string} dir     the remote's folder
 * @param {string} name    its federation name
 * @param {string} outDir  where its browser build went (dist, or a release's folder)
 */
export async function prerenderRemote(dir, name, outDir) {
  if (!existsSync(join(dir, 'src', 'server', 'render.tsx'))) return;
  const started = Date.now();
  const { rspack } = await import('@rspack/core');
  const { createServerRenderConfig } = await import('./rspack-app.mjs');
  const serverDir = mkdtempSync(join(tmpdir(), `veo3-render-${name}-`));
  try {
    const stats = await new Promise((resolve, reject) =>
      rspack(createServerRenderConfig({ dir, name, outDir: serverDir }), (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
    if (stats.hasErrors())
      throw new Error(`${name} server renderer: build failed\n${stats.toString({ all: false, errors: true })}`);
    const require = createRequire(import.meta.url);
    const { pages, prerenderPage } = require(join(serverDir, 'render.cjs'));
    /** @type {Record<string, Record<string, Record<string, string>>>} expose → address → language → HTML */
    const out = {};
    let count = 0;
    for (const { expose, urls, element } of pages) {
      const byUrl = (out[expose] = {});
      for (const url of urls) {
        byUrl[url] = {};
        for (const lang of LANGUAGES) {
          byUrl[url][lang] = await prerenderPage(element, url, lang, `${name}-`);
          count++;
        }
      }
    }
    writeFileSync(join(outDir, REMOTE_PRERENDER_FILE), JSON.stringify({ languages: LANGUAGES, pages: out }));
    console.log(`pre-rendered ${count} ${name} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }
}
