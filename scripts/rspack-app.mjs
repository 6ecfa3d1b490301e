// One rspack configuration for the shell and every remote, so that shared
// singletons, loaders and output rules cannot drift apart between them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const platformSrc = join(root, 'platform', 'src');
const platformVersion = JSON.parse(readFileSync(join(root, 'platform', 'package.json'), 'utf8')).version;

function platformModules(dir = platformSrc) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    // testing/: jest helpers; server/: the remotes' build-time renderer (react-dom/static), never in a page.
    if (entry.isDirectory()) return ['testing', 'server'].includes(entry.name) ? [] : platformModules(full);
    if (!/\.tsx?$/.test(entry.name) || /\.(spec|d)\.tsx?$/.test(entry.name)) return [];
    return [relative(platformSrc, full).replace(/\.tsx?$/, '')];
  });
}

// Every platform module is its own shared singleton: session, i18n, the router and the
// query client keep module state that must exist once per page. The host provides them eagerly,
// in its first chunk: as async shared modules each was a chunk of its own, fetched in waves (one
// per level of imports between them) before the app could start.
function sharedModules({ eager }) {
  const shared = {
    react: { singleton: true, eager, requiredVersion: '^19.0.0' },
    'react/jsx-runtime': { singleton: true, eager, requiredVersion: '^19.0.0' },
    'react-dom': { singleton: true, eager, requiredVersion: '^19.0.0' },
    '@tanstack/react-query': { singleton: true, eager, requiredVersion: '^5.0.0' },
  };
  for (const mod of platformModules()) {
    shared[`@veo3/platform/${mod}`] = {
      singleton: true,
      eager,
      requiredVersion: platformVersion,
      version: platformVersion,
    };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.dir          the app's folder
 * @param {string} options.name         federation name (shell, generator, billing, blog, blogAdmin, admin)
 * @param {Record<string,string>} [options.exposes]  remotes only
 * @param {number} options.devPort
 * @param {'production'|'development'} [options.mode]
 */
/**
 * The build's console without one known-harmless note of the manifest plugin, printed once per
 * remote: a remote's publicPath is 'auto' on purpose (a release is served from a folder of its
 * own, /mfe/<remote>/<release>/, so its chunks are found relative to remoteEntry.js, as the e2e
 * suite's remote loading shows); the plugin only says so. Every other line is printed.
 */
const PUBLIC_PATH_NOTE =
  "Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'";
const withoutPublicPathNote = Object.assign(Object.create(console), {
  warn: (...args) => {
    if (!args.some((arg) => typeof arg === 'string' && arg.includes(PUBLIC_PATH_NOTE))) console.warn(...args);
  },
});

export function createAppConfig({ dir, name, exposes, devPort, mode = 'production' }) {
  const isHost = !exposes;
  const isProd = mode === 'production';
  // A remote gets a page of its own only under `npm run dev -w <remote>`.
  const standalone = !isProd;
  const entry = isHost || standalone ? { main: './src/index.ts' } : {};

  return {
    context: dir,
    mode: isProd ? 'production' : 'development',
    devtool: isProd ? false : 'cheap-module-source-map',
    entry,
    output: {
      path: join(dir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      uniqueName: name,
      filename: isProd ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: isProd ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      cssFilename: isProd ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      cssChunkFilename: isProd ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // platform is consumed as TypeScript source: `@veo3/platform/<folder>/<module>`.
      // The API contract likewise (zod schemas and types): `@veo3/contracts/<module>`.
      alias: { '@veo3/platform': platformSrc, '@veo3/contracts': join(root, 'contracts', 'src') },
    },
    module: {
      // `import styles from './x.module.css'` (a default export of class names), as in Jest's stub.
      parser: { 'css/module': { namedExports: false } },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProd } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.(png|jpe?g|gif|svg|webp|mp4)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimize: isProd,
      // The shell's CSS is one small stylesheet, which the pre-rendered pages link in their head
      // (render-blocking, so the server HTML paints styled); the JS chunks then find it loaded.
      ...(isHost &&
        isProd && {
          splitChunks: {
            cacheGroups: { shellStyles: { name: 'shell-styles', type: 'css', chunks: 'all', enforce: true } },
          },
        }),
    },
    performance: { hints: false },
    infrastructureLogging: { console: withoutPublicPathNote },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes,
        // Remotes are registered at runtime from the server's remote map.
        remotes: {},
        shared: sharedModules({ eager: isHost }),
        shareStrategy: 'loaded-first',
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        // One federation runtime per page: the shell provides it and production remotes use it,
        // instead of each remoteEntry.js carrying its own copy (~25 KB gzip). A remote's standalone
        // dev page is its own host, so it keeps a runtime of its own.
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: isProd, optimization: { target: 'web' } },
        runtimePlugins: isHost ? [join(dir, 'src', 'remotes', 'remote-fallback.plugin.ts')] : [],
      }),
      ...(isHost || standalone
        ? [
            new rspack.HtmlRspackPlugin({
              template: join(root, 'shell', 'index.html'),
              // The server fills the <!--app-head--> and <!--app-config--> markers, so they must survive.
              minify: false,
            }),
          ]
        : []),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development'),
        // A release label a remote may show (MFE_VERSION_LABEL=v2 node scripts/build.mjs mfe-blog --out <dir>).
        'process.env.MFE_VERSION_LABEL': JSON.stringify(process.env.MFE_VERSION_LABEL ?? ''),
      }),
    ],
    devServer: {
      port: devPort,
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        { context: ['/api', '/mfe', '/remote-map.json'], target: `http://localhost:${process.env.API_PORT ?? 3000}` },
      ],
    },
    experiments: { css: true },
  };
}

/**
 * A server renderer for Node, run at build time: the shell's (shell/src/server/render.tsx, run by
 * scripts/prerender.mjs) or a remote's (<remote>/src/server/render.tsx, run by
 * scripts/prerender-remote.mjs). One CommonJS file in `outDir`. Same sources, loaders, asset names
 * and federation name as the browser build (so image URLs and CSS module class names match), no
 * federation (no remotes are rendered), CSS left to the browser build.
 * @param {{ dir: string, name?: string, outDir?: string }} options
 */
export function createServerRenderConfig({ dir, name = 'shell', outDir = join(dir, 'dist', 'server') }) {
  const browser = createAppConfig({ dir, name, devPort: 0 });
  return {
    context: dir,
    mode: 'production',
    target: 'node20',
    devtool: false,
    entry: { render: './src/server/render.tsx' },
    output: {
      path: outDir,
      publicPath: '/',
      uniqueName: name,
      filename: '[name].cjs',
      chunkFilename: '[name].cjs',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: browser.resolve,
    module: {
      parser: browser.module.parser,
      generator: { css: { exportsOnly: true }, 'css/module': { exportsOnly: true }, 'asset/resource': { emit: false } },
      rules: browser.module.rules,
    },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    plugins: [
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    ],
    experiments: { css: true },
  };
}
