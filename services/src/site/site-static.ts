import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import type { RemoteName } from '@veo3/contracts/runtime-config';
import { REMOTE_FOLDERS, type AppConfig } from '../config/app-config';
import { s3BrowserOrigin } from '../storage/storage-origin';
import { RELEASE_ID, releaseFolders } from './remote-releases';
import { SESSION_HINT_CSP_SOURCE } from './session-hint';

const FOREVER = 'public, max-age=31536000, immutable';
const NEVER = 'no-store';

/**
 * Hashed files, and every file of a release (`<id>/`, never rewritten), are cached forever; the entry
 * points outside a release (a dist's manifest and remoteEntry, the release log) are never cached.
 */
function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const segments = filePath.split(/[\\/]/);
  const immutable =
    segments.includes('assets') || segments.some((s, i) => RELEASE_ID.test(s) && segments[i - 2] === 'releases');
  reply.header('Cache-Control', immutable ? FOREVER : NEVER);
}

/**
 * Serves the shell's assets at /assets/ (this build's, then those of its retained earlier builds, so
 * a page opened before a release finds its chunks) and each locally served remote at /mfe/<name>/:
 * its releases at /mfe/<name>/<id>/ (read per request, so a release published later is served too),
 * and its dist at /mfe/<name>/ for a tree built before releases.
 */
export async function registerStaticSite(app: NestFastifyApplication, config: AppConfig): Promise<string[]> {
  const missing: string[] = [];
  const releasesDir = join(config.webDir, 'releases');
  // `built` is the folder a build makes, named in the warning when nothing is there to serve.
  const shellAssets = join(config.webDir, 'shell', 'dist', 'assets');
  const mounts: { roots: string[]; prefix: string; built: string }[] = [
    { roots: [shellAssets, ...releaseFolders(releasesDir, 'shell')], prefix: '/assets/', built: shellAssets },
  ];
  for (const name of Object.keys(config.remotes) as RemoteName[]) {
    if (!config.remotes[name].servedHere) continue;
    const folder = REMOTE_FOLDERS[name];
    const dist = join(config.webDir, `mfe-${folder}`, 'dist');
    mounts.push({ roots: [join(releasesDir, folder), dist], prefix: `/mfe/${folder}/`, built: dist });
  }
  // One instance only decorates the reply with sendFile (stored videos and blog images on local storage), whatever is built.
  await app.register(fastifyStatic, { root: config.dataDir, serve: false, decorateReply: true });
  for (const mount of mounts) {
    const roots = mount.roots.filter((root) => existsSync(root));
    if (!roots.length) {
      missing.push(mount.built);
      continue;
    }
    await app.register(fastifyStatic, {
      root: roots,
      prefix: mount.prefix,
      // A missing file under a prefix falls through to the JSON 404, never to the SPA page.
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      decorateReply: false,
    });
  }
  return missing;
}

/** CSP: scripts, styles and manifests only from this origin and the configured remote origins. */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[] | null> {
  const remoteOrigins = [
    ...new Set(Object.values(config.remotes).map((r) => new URL(r.manifestUrl, config.siteUrl).origin)),
  ].filter((origin) => origin !== new URL(config.siteUrl).origin);
  const googleSignIn = config.googleClientId ? ['https://accounts.google.com'] : [];
  const analytics = config.gaMeasurementId ? ['https://www.googletagmanager.com'] : [];
  // Videos and posters from S3 are presigned URLs on the store's own origin, which the Download button fetches.
  const storageOrigin = s3BrowserOrigin(config.storage);
  const storageMedia = storageOrigin ? [storageOrigin] : [];
  const analyticsConnect = config.gaMeasurementId
    ? ['https://*.google-analytics.com', 'https://www.googletagmanager.com']
    : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'", 'https://checkout.stripe.com'],
    scriptSrc: ["'self'", SESSION_HINT_CSP_SOURCE, ...remoteOrigins, ...googleSignIn, ...analytics],
    styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins, ...googleSignIn],
    connectSrc: ["'self'", ...remoteOrigins, ...googleSignIn, ...analyticsConnect, ...storageMedia],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storageMedia],
    mediaSrc: ["'self'", 'blob:', 'https:', ...storageMedia],
    fontSrc: ["'self'", 'data:'],
    upgradeInsecureRequests: config.siteUrl.startsWith('https:') ? [] : null,
    frameSrc: [
      "'self'",
      'https://platform.twitter.com',
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      ...googleSignIn,
    ],
  };
}
