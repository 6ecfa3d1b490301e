import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName } from '@veo3/contracts/runtime-config';
import { REMOTE_FOLDERS, type AppConfig } from '../config/app-config';
import { escapeHtml } from './html';
import { RELEASE_ID } from './remote-releases';

/** What the hints need of a remote's mf-manifest.json (written by the federation plugin at build time). */
interface RemoteManifest {
  exposes: { name: string; assets?: { css?: { sync?: string[] } } }[];
}

/** A remote's pages pre-rendered at build time (scripts/prerender-remote.mjs), beside its manifest. */
interface RemotePrerenderFile {
  /** expose → address (path and query) → language → the page's HTML. */
  pages: Record<string, Record<string, Record<string, string>>>;
}

/** A remote page's first paint in the site's HTML: its body, and the stylesheets it needs in the head. */
export interface RemoteFirstPaint {
  html: string;
  head: string[];
}

/**
 * Head hints for a remote's route: without them the browser finds the remote's manifest only once
 * the shell's code has run. The manifest is preloaded the way the federation runtime fetches it
 * (same-origin credentials), so the browser reuses the response. The entry and the exposed module's
 * scripts are not preloaded: Chromium hands a failed script preload (a 404 while the remote is down)
 * to every later tag for that URL in the page, so Retry could never load the remote once it is back.
 * Also what the remote's release says of a page's first paint (firstPaint): its own rendering of the
 * page and the page's stylesheets.
 */
export class RemotePreloads {
  /** Manifests of releases, which never change once published; a build's dist manifest is read each time. */
  private readonly releases = new Map<string, RemoteManifest>();
  /** Likewise the pages pre-rendered with a release (null: the release has none). */
  private readonly releasePages = new Map<string, RemotePrerenderFile | null>();

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
   * The remote's own rendering of the module `expose` at `address` (path and query, without `lang`)
   * in `lang`, from the release the page's remote map names, with its stylesheets (render-blocking,
   * so it paints as the remote will): the page's content is in the HTML and paints before any
   * script has run. Null for a remote on another origin or not served here, a release without it,
   * or an address it was not rendered for (another query: the placeholder stays empty).
   */
  firstPaint(
    remote: RemoteName,
    expose: string,
    manifestUrl: string,
    address: string,
    lang: string,
  ): RemoteFirstPaint | null {
    if (!manifestUrl.startsWith('/') || !this.config.remotes[remote].servedHere) return null;
    const manifest = this.manifest(remote, manifestUrl);
    const module = manifest?.exposes.find((e) => e.name === expose);
    const html = module && this.prerendered(remote, manifestUrl)?.pages[expose]?.[address]?.[lang];
    if (!module || !html) return null;
    const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    const head = (module.assets?.css?.sync ?? []).map(
      (file) => `<link rel="stylesheet" href="${escapeHtml(base + file)}" />`,
    );
    return { html, head };
  }

  private prerendered(remote: RemoteName, manifestUrl: string): RemotePrerenderFile | null {
    const url = manifestUrl.replace(/mf-manifest\.json$/, 'prerender.json');
    if (url === manifestUrl) return null;
    const file = this.file(remote, url);
    if (!file) return null;
    if (file.release && this.releasePages.has(url)) return this.releasePages.get(url)!;
    let pages: RemotePrerenderFile | null = null;
    try {
      pages = JSON.parse(readFileSync(file.path, 'utf8')) as RemotePrerenderFile;
    } catch {
      pages = null;
    }
    if (file.release) this.releasePages.set(url, pages);
    return pages;
  }

  /** The file behind a site URL under `/mfe/<folder>/`: a release's or the build's; null outside it. */
  private file(remote: RemoteName, url: string): { path: string; release: boolean } | null {
    const folder = REMOTE_FOLDERS[remote];
    const prefix = `/mfe/${folder}/`;
    if (!url.startsWith(prefix)) return null;
    const rest = url.slice(prefix.length);
    const release = RELEASE_ID.test(rest.split('/')[0] ?? '');
    const path = release
      ? join(this.config.webDir, 'releases', folder, ...rest.split('/'))
      : join(this.config.webDir, `mfe-${folder}`, 'dist', ...rest.split('/'));
    return { path, release };
  }

  /**
   * The manifest at a site URL as the static mount serves it: `/mfe/<folder>/<id>/…` from the
   * folder's releases, `/mfe/<folder>/…` from its build. Null when it cannot be read.
   */
  private manifest(remote: RemoteName, url: string): RemoteManifest | null {
    const file = this.file(remote, url);
    if (!file) return null;
    const known = file.release ? this.releases.get(url) : undefined;
    if (known) return known;
    try {
      const manifest = JSON.parse(readFileSync(file.path, 'utf8')) as RemoteManifest;
      if (file.release) this.releases.set(url, manifest);
      return manifest;
    } catch {
      return null;
    }
  }
}
