// Pre-renders the shell at build time: every shell route, in each language, with React's server
// renderer; every remote route as the shell's header, footer and a sized placeholder, and every server
// page (/explore) as header, footer and the slot the server fills. Writes
// shell/dist/prerender.json, which the site (services/src/site/prerendered-pages.ts) serves with
// each route's head and the runtime config, and links the shell's one stylesheet in index.html; a
// remote's route preloads the chunk that loads it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const LANGUAGES = ['en', 'zh-CN'];
/** Filled by the server from its configuration (the pages are built before it is known). */
export const TOKENS = {
  supportEmail: '__VEO3_SUPPORT_EMAIL__',
  serviceEmail: '__VEO3_SERVICE_EMAIL__',
  // The site's address in the developer docs' code samples.
  siteUrl: '__VEO3_SITE_URL__',
};

/** The login page differs with the sign-in methods configured: one rendering per combination. */
export const loginVariant = (google, dev) => `/login#google=${google ? 1 : 0}&dev=${dev ? 1 : 0}`;

async function buildRenderer(shellDir) {
  const { rspack } = await import('@rspack/core');
  const { createServerRenderConfig } = await import('./rspack-app.mjs');
  const stats = await new Promise((resolve, reject) =>
    rspack(createServerRenderConfig({ dir: shellDir }), (error, result) => (error ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors())
    throw new Error(`shell server renderer: build failed\n${stats.toString({ all: false, errors: true })}`);
  return join(shellDir, 'dist', 'server', 'render.cjs');
}

/** Preloads of the JS files of the chunks that `import(request)` loads, from the build's stats. */
function chunkPreloads(stats, request) {
  const files = stats.chunks
    .filter((chunk) => chunk.origins?.some((origin) => origin.request === request))
    .flatMap((chunk) => chunk.files.filter((file) => file.endsWith('.js')));
  if (!files.length) throw new Error(`prerender: the build has no chunk for import('${request}')`);
  return files.map((file) => `<link rel="preload" as="script" href="/${file}" />`);
}

/**
 * @param {string} shellDir
 * @param {{ chunks: { files: string[], origins?: { request: string }[] }[] }} stats  the browser
 *   build's chunks with their origins. A remote's route preloads its route chunk, found otherwise
 *   only after main.js and bootstrap ran, so that it and the remote (page-shell.renderer) download
 *   alongside main.js: the remote paints the page's largest content. Bootstrap's chunks are not
 *   preloaded: on a slow network they would share the bandwidth with the HTML and stylesheet of the
 *   first paint, which on the shell's own pages is already the largest.
 */
export async function prerender(shellDir, stats) {
  const started = Date.now();
  const file = await buildRenderer(shellDir);
  const require = createRequire(import.meta.url);
  delete require.cache[file];
  const { renderRoot, shellRoutes, remoteRoutes, serverRoutes } = require(file);

  const config = (google, dev) => ({
    siteUrl: TOKENS.siteUrl,
    remotes: {},
    gaMeasurementId: null,
    googleClientId: google ? 'prerender' : null,
    devLogin: dev,
    ...TOKENS,
  });
  const remoteRoutePreloads = chunkPreloads(stats, './remotes/remote-route');
  const pages = {};
  for (const lang of LANGUAGES) {
    const out = (pages[lang] = {});
    for (const { path } of shellRoutes) {
      if (path === '/login') {
        for (const google of [false, true])
          for (const dev of [false, true])
            out[loginVariant(google, dev)] = await renderRoot(path, lang, config(google, dev));
      } else {
        out[path] = await renderRoot(path, lang, config(false, true));
      }
    }
    // Remote routes: the same for every address the pattern matches (the header marks the section).
    for (const { path } of remoteRoutes) {
      const page = await renderRoot(path.replace(':slug', 'post'), lang, config(false, true));
      out[path] = { ...page, head: [page.head, ...remoteRoutePreloads].filter(Boolean).join('\n    ') };
    }
    // Server pages: the header, footer and the slot the server fills with the page it makes.
    for (const path of serverRoutes)
      out[path] = await renderRoot(path.replace(/:[^/]+/g, 'x'), lang, config(false, true));
  }

  // The shell's one stylesheet (rspack-app.mjs puts all of its CSS in shell-styles), render-blocking in the head.
  const assets = join(shellDir, 'dist', 'assets');
  const css = readdirSync(assets).filter((name) => /^shell-styles\.[0-9a-f]+\.css$/.test(name));
  if (css.length !== 1) throw new Error(`prerender: expected one shell-styles CSS file, found ${css.length}`);
  const indexPath = join(shellDir, 'dist', 'index.html');
  const index = readFileSync(indexPath, 'utf8');
  if (!index.includes('shell-styles.'))
    writeFileSync(
      indexPath,
      index.replace('<!--app-head-->', `<!--app-head-->\n    <link rel="stylesheet" href="/assets/${css[0]}" />`),
    );

  writeFileSync(
    join(shellDir, 'dist', 'prerender.json'),
    JSON.stringify({
      languages: LANGUAGES,
      tokens: TOKENS,
      // The footer's copyright year as rendered now; the server puts in the year it serves in.
      builtYear: new Date().getFullYear(),
      // Server pages are slot pages too, with no remote module to preload.
      remoteRoutes: [...remoteRoutes.map((r) => r.path), ...serverRoutes],
      // Which remote module each remote route shows: the server preloads its files (page-shell.renderer).
      remoteModules: Object.fromEntries(remoteRoutes.map((r) => [r.path, { remote: r.remote, expose: r.expose }])),
      pages,
    }),
  );
  const count = Object.values(pages).reduce((n, p) => n + Object.keys(p).length, 0);
  console.log(`pre-rendered ${count} shell pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
