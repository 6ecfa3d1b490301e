// CI's shared-package contract check (`npm run test:unit` runs it first): fails when a remote requires
// a version of a shared singleton that the shell does not provide. Reads each app's federation
// `shared` config, each package.json and each built dist/mf-manifest.json; `--manifest <file>` adds
// a release built elsewhere (node scripts/build.mjs mfe-blog --out <dir>) before it ships.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { FRONTENDS, root } from './build-lib.mjs';
import { findContractBreaks } from './shared-contract.mjs';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** `react/jsx-runtime` → `react`, `@veo3/platform/i18n/i18n` → `@veo3/platform`. */
const packageName = (key) =>
  key
    .split('/')
    .slice(0, key.startsWith('@') ? 2 : 1)
    .join('/');

function declaredRanges(app) {
  const pkg = readJson(join(root, app, 'package.json'));
  return { ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.dependencies };
}

/** The version a build of `app` finds installed: its own node_modules first, then the root's. */
function installedVersion(app, name) {
  for (const dir of [join(root, app, 'node_modules'), join(root, 'node_modules')]) {
    const file = join(dir, name, 'package.json');
    if (existsSync(file)) return readJson(file).version;
  }
  return undefined;
}

async function federationShared(app) {
  const configModule = await import(pathToFileURL(join(root, app, 'rspack.config.mjs')).href);
  const config = configModule.default({}, { mode: 'production' });
  const plugin = config.plugins.find((p) => p instanceof ModuleFederationPlugin);
  // The plugin keeps its options only here; the exact object the build hands to federation.
  // oxlint-disable-next-line no-underscore-dangle
  const shared = plugin?._options?.shared;
  if (!shared || Array.isArray(shared) || typeof shared !== 'object') {
    throw new Error(`${app}/rspack.config.mjs: expected a federation plugin with a shared object`);
  }
  return shared;
}

function manifestRequires(file, source) {
  // A shared entry without a string range (requiredVersion: false) accepts any version.
  return readJson(file)
    .shared.filter((entry) => typeof entry.requiredVersion === 'string')
    .map((entry) => ({
      pkg: entry.name,
      range: entry.requiredVersion,
      singleton: Boolean(entry.singleton),
      source,
    }));
}

async function gather(extraManifests) {
  const [shellApp, ...remoteApps] = FRONTENDS;
  const shellShared = await federationShared(shellApp);
  const shellRanges = declaredRanges(shellApp);
  const provides = {};
  for (const [key, options] of Object.entries(shellShared)) {
    const name = packageName(key);
    const provided = { version: options.version ?? installedVersion(shellApp, name), declared: shellRanges[name] };
    provides[key] = provided;
    provides[name] ??= provided;
  }

  const remotes = [];
  for (const app of remoteApps) {
    const ranges = declaredRanges(app);
    const requires = [];
    for (const [key, options] of Object.entries(await federationShared(app))) {
      const singleton = Boolean(options.singleton);
      if (typeof options.requiredVersion === 'string') {
        requires.push({
          pkg: key,
          range: options.requiredVersion,
          singleton,
          source: `${app}/rspack.config.mjs shared`,
        });
      }
      const name = packageName(key);
      if (ranges[name] && !requires.some((r) => r.pkg === name && r.source.endsWith('package.json'))) {
        requires.push({ pkg: name, range: ranges[name], singleton, source: `${app}/package.json` });
      }
    }
    const built = join(root, app, 'dist', 'mf-manifest.json');
    if (existsSync(built)) requires.push(...manifestRequires(built, `${app}/dist/mf-manifest.json`));
    remotes.push({ name: app, requires });
  }
  for (const file of extraManifests) {
    const meta = readJson(file).metaData;
    const name = meta?.buildInfo?.buildName ?? meta?.name ?? file;
    const shown = relative(process.cwd(), file);
    remotes.push({ name, requires: manifestRequires(file, shown.startsWith('..') ? file : shown) });
  }
  return { shell: { name: shellApp, provides }, remotes };
}

const args = process.argv.slice(2);
const extraManifests = args.flatMap((arg, i) => (args[i - 1] === '--manifest' ? [resolve(arg)] : []));
const unknown = args.filter((arg, i) => arg !== '--manifest' && args[i - 1] !== '--manifest');
if (unknown.length || args.at(-1) === '--manifest') {
  console.error('usage: node scripts/check-shared-contract.mjs [--manifest <release>/mf-manifest.json]...');
  process.exit(2);
}
const missing = extraManifests.filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`no such manifest: ${missing.join(', ')}`);
  process.exit(2);
}

const contract = await gather(extraManifests);
const breaks = findContractBreaks(contract);
if (breaks.length) {
  console.error(`Shared-package contract broken (${breaks.length}):`);
  for (const { message } of breaks) console.error(`  - ${message}`);
  console.error("A remote must accept the shell's singleton versions: align its ranges, or upgrade the shell first.");
  process.exit(1);
}
const checked = contract.remotes.reduce((n, r) => n + r.requires.filter((q) => q.singleton).length, 0);
const { react } = contract.shell.provides;
console.log(
  `shared contract: ${checked} singleton requirements of ${contract.remotes.length} remotes accept the shell's versions (react ${react?.version})`,
);
