// Builds the site's parts: the five frontends with rspack, the services with tsc.
// Each built part gets a stamp; a part is "built" when its stamp is newer than all of its sources.
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { join, dirname, relative, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { parseRetention, publishRelease } from './remote-releases.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FRONTENDS = ['shell', 'mfe-generator', 'mfe-billing', 'mfe-blog', 'mfe-blog-admin', 'mfe-admin'];
export const PARTS = [...FRONTENDS, 'services'];
const STAMP = '.build-stamp';

/** Where each build is published as a release; the server reads `<WEB_DIR>/releases`. */
const releasesDir = join(root, 'releases');

/**
 * A frontend's release: a remote's whole dist under its /mfe/ folder name, the shell's hashed assets
 * under `shell` (its HTML is rendered by the server, which keeps serving the assets of retained builds).
 */
function releaseOf(part) {
  const dist = join(root, part, 'dist');
  return part === 'shell'
    ? { name: 'shell', from: join(dist, 'assets') }
    : { name: part.slice('mfe-'.length), from: dist };
}

/** Publishes a built frontend as its current release unless it already is; prunes past `REMOTE_RETENTION`. */
function publishBuilt(part, retention) {
  const { name, from } = releaseOf(part);
  const { id, published, pruned } = publishRelease({ releasesDir, name, from, retention });
  if (published) console.log(`published ${name} release ${id}${pruned.length ? ` (pruned ${pruned.join(', ')})` : ''}`);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function sourcesOf(part) {
  const dir = join(root, part);
  const own = [join(dir, 'src'), join(dir, 'package.json')];
  const contract = [join(root, 'contracts', 'src'), join(root, 'contracts', 'package.json')];
  if (part === 'services') return [...own, ...contract, join(dir, 'tsconfig.json'), join(dir, 'tsconfig.build.json')];
  return [
    ...own,
    join(dir, 'rspack.config.mjs'),
    join(root, 'platform', 'src'),
    join(root, 'scripts', 'rspack-app.mjs'),
    ...(part === 'shell' ? [join(root, 'scripts', 'prerender.mjs')] : []),
    join(root, 'shell', 'index.html'),
    // The API contract (`@veo3/contracts/*`) is shared with the service tier (ARCHITECTURE §11).
    ...contract,
  ];
}

export function isBuilt(part) {
  const stamp = join(root, part, 'dist', STAMP);
  if (!existsSync(stamp)) return false;
  const builtAt = Number(readFileSync(stamp, 'utf8')) || 0;
  return Math.max(...sourcesOf(part).map(newestMtime)) <= builtAt;
}

function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(full);
    } else if (/\.(js|css|json|svg)$/.test(entry.name)) {
      const data = readFileSync(full);
      if (data.length < 1024) continue;
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

async function buildFrontend(part, outDir) {
  const { rspack } = await import('@rspack/core');
  const configModule = await import(pathToFileURL(join(root, part, 'rspack.config.mjs')).href);
  const config = configModule.default({}, { mode: 'production' });
  if (outDir) config.output.path = outDir;
  const stats = await new Promise((resolve, reject) => {
    rspack(config, (error, result) => (error ? reject(error) : resolve(result)));
  });
  if (stats.hasErrors()) throw new Error(`${part}: build failed\n${stats.toString({ all: false, errors: true })}`);
  if (part === 'shell') {
    const { prerender } = await import('./prerender.mjs');
    await prerender(join(root, part), stats.toJson({ all: false, chunks: true, chunkOrigins: true }));
  } else {
    const { prerenderRemote } = await import('./prerender-remote.mjs');
    await prerenderRemote(join(root, part), config.output.uniqueName, config.output.path);
  }
  precompress(config.output.path);
}

function buildServices() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  // The contract first: the services load `@veo3/contracts/*` from its CommonJS build (contracts/dist).
  const contract = spawnSync(process.execPath, [tsc, '-p', join(root, 'contracts', 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  if (contract.status !== 0) throw new Error('contracts: tsc failed');
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'services', 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('services: tsc failed');
}

/**
 * Builds the given parts (all by default); with `onlyStale`, skips parts whose build is current.
 * With `outDir`, builds one remote into that folder instead of its dist (a release to ship on its
 * own), leaving every dist and stamp in the tree as it was.
 */
export async function build({ parts = PARTS, onlyStale = false, outDir } = {}) {
  if (outDir) {
    const [part, ...more] = parts;
    if (more.length || !FRONTENDS.includes(part) || part === 'shell') {
      throw new Error(
        `--out builds exactly one remote (one of ${FRONTENDS.slice(1).join(', ')}), got: ${parts.join(', ')}`,
      );
    }
    const target = resolvePath(outDir);
    // The build empties its output folder first: never an app's folder, the tree or a stranger's files.
    const inside = (dir) => !relative(dir, target).startsWith('..');
    if (PARTS.some((p) => inside(join(root, p))) || !relative(target, root).startsWith('..')) {
      throw new Error(`--out must be outside the apps' folders and must not contain the repository, got ${target}`);
    }
    if (existsSync(target) && readdirSync(target).length && !existsSync(join(target, 'mf-manifest.json'))) {
      throw new Error(`--out ${target} holds files that are not a remote's build; give an empty or new folder`);
    }
    const startedAt = Date.now();
    await buildFrontend(part, target);
    console.log(`built ${part} into ${target} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    return;
  }
  // Read first: a bad REMOTE_RETENTION stops the build before anything is built.
  const retention = parseRetention(process.env.REMOTE_RETENTION || undefined);
  for (const part of parts) {
    // A build from before releases existed (or a removed releases folder) is published as it is.
    if (onlyStale && isBuilt(part)) {
      if (part !== 'services') publishBuilt(part, retention);
      continue;
    }
    const startedAt = Date.now();
    if (part === 'services') buildServices();
    else await buildFrontend(part);
    writeFileSync(join(root, part, 'dist', STAMP), String(startedAt));
    console.log(`built ${part} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    if (part !== 'services') publishBuilt(part, retention);
  }
}
