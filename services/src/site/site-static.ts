import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { REMOTE_FOLDERS, type AppConfig, type RemoteName } from '../config/app-config';
import { s3BrowserOrigin } from '../storage/storage-origin';

const FOREVER = 'public, max-age=31536000, immutable';
const NEVER = 'no-store';

/** Hashed files are cached forever; the entry points that name them (manifest, remoteEntry) are never cached. */
function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', /[\\/]assets[\\/]/.test(filePath) ? FOREVER : NEVER);
}

/** Serves the built shell assets at /assets/ and each locally served remote at /mfe/<name>/. */
export async function registerStaticSite(app: NestFastifyApplication, config: AppConfig): Promise<string[]> {
  const missing: string[] = [];
  const mounts: { root: string; prefix: string }[] = [
    { root: join(config.webDir, 'shell', 'dist', 'assets'), prefix: '/assets/' },
  ];
  for (const name of Object.keys(config.remotes) as RemoteName[]) {
    if (!config.remotes[name].servedHere) continue;
    mounts.push({
      root: join(config.webDir, `mfe-${REMOTE_FOLDERS[name]}`, 'dist'),
      prefix: `/mfe/${REMOTE_FOLDERS[name]}/`,
    });
  }
  // One instance only decorates the reply with sendFile (stored videos and blog images on local storage), whatever is built.
  await app.register(fastifyStatic, { root: config.dataDir, serve: false, decorateReply: true });
  for (const mount of mounts) {
    if (!existsSync(mount.root)) {
      missing.push(mount.root);
      continue;
    }
    await app.register(fastifyStatic, {
      root: mount.root,
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
    scriptSrc: ["'self'", ...remoteOrigins, ...googleSignIn, ...analytics],
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
