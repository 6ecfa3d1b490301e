import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName } from '@veo3/contracts/runtime-config';
import { REMOTE_FOLDERS, type AppConfig } from '../config/app-config';
import { escapeHtml } from './html';
import { RELEASE_ID } from './remote-releases';

/** What the hints need of a remote's mf-manifest.json (written by the federation plugin at build time). */
interface RemoteManifest {
  exposes: { name: string }[];
}

/**
 * Head hints for a remote's route: without them the browser finds the remote's manifest only once
 * the shell's code has run. The manifest is preloaded the way the federation runtime fetches it
 * (same-origin credentials), so the browser reuses the response. The entry and the exposed module's
 * scripts are not preloaded: Chromium hands a failed script preload (a 404 while the remote is down)
 * to every later tag for that URL in the page, so Retry could never load the remote once it is back.
 */
export class RemotePreloads {
  /** Manifests of releases, which never change once published; a build's dist manifest is read each time. */
  private readonly releases = new Map<string, RemoteManifest>();

  constructor(private readonly config: Pick<AppConfig, 'webDir' | 'remotes'>) {}

  /** The hints for the module `expose` of `remote`, whose manifest the page's remote map names. */
  hints(remote: RemoteName, expose: string, manifestUrl: string): string[] {
    if (!manifestUrl.startsWith('/')) {
      // A remote on another origin: its connections can be opened while the shell's code loads.
      let origin: string;
      try {
        origin = new URL(manifestUrl).origin;
      } catch {
        return [];
      }
      return [
        `<link rel="preconnect" href="${escapeHtml(origin)}" crossorigin="anonymous" />`,
        `<link rel="preconnect" href="${escapeHtml(origin)}" />`,
      ];
    }
    if (!this.config.remotes[remote].servedHere) return [];
    const manifest = this.manifest(remote, manifestUrl);
    const module = manifest?.exposes.find((e) => e.name === expose);
    if (!manifest || !module) return [];
    return [`<link rel="preload" as="fetch" href="${escapeHtml(manifestUrl)}" crossorigin="anonymous" />`];
  }

  /**
   * The manifest at a site URL as the static mount serves it: `/mfe/<folder>/<id>/…` from the
   * folder's releases, `/mfe/<folder>/…` from its build. Null when it cannot be read.
   */
  private manifest(remote: RemoteName, url: string): RemoteManifest | null {
    const folder = REMOTE_FOLDERS[remote];
    const prefix = `/mfe/${folder}/`;
    if (!url.startsWith(prefix)) return null;
    const rest = url.slice(prefix.length);
    const release = RELEASE_ID.test(rest.split('/')[0] ?? '');
    const known = release ? this.releases.get(url) : undefined;
    if (known) return known;
    const file = release
      ? join(this.config.webDir, 'releases', folder, ...rest.split('/'))
      : join(this.config.webDir, `mfe-${folder}`, 'dist', ...rest.split('/'));
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as RemoteManifest;
      if (release) this.releases.set(url, manifest);
      return manifest;
    } catch {
      return null;
    }
  }
}
