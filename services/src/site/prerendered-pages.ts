import { existsSync, readFileSync } from 'node:fs';
import type { RemoteName } from '@veo3/contracts/runtime-config';

export type Language = 'en' | 'zh-CN';
export const LANGUAGES: Language[] = ['en', 'zh-CN'];
export const DEFAULT_LANGUAGE: Language = 'en';

/** One page of the shell, rendered at build time (scripts/prerender.mjs). */
export interface PrerenderedPage {
  /** Resource hints React put before the page (the hero poster's preload), for the head. */
  head: string;
  /** The HTML inside `<div id="root">`. */
  body: string;
}

interface PrerenderFile {
  /** Placeholders for the site's settings, which the build does not know (`siteUrl` in builds since /developers). */
  tokens: { supportEmail: string; serviceEmail: string; siteUrl?: string };
  /** The year in the footer's copyright line at build time. */
  builtYear?: number;
  /** Routes pre-rendered as the layout around a slot the server fills: remotes' routes, and the server's own pages (`/v/:id`). */
  remoteRoutes: string[];
  /** The remote module each remote route shows (absent in builds from before the server preloaded it). */
  remoteModules?: Record<string, RemoteModule>;
  pages: Record<Language, Record<string, PrerenderedPage>>;
}

/** A remote's exposed module, as the shell's route table names it (shell/src/app.tsx remoteRoutes). */
export interface RemoteModule {
  remote: RemoteName;
  expose: string;
}

/** Where a remote route's placeholder takes the server's content (shell/src/remotes/remote-route.tsx). */
export const REMOTE_SLOT = '<!--remote-slot-->';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'zh-CN';
}

/** A page request's language by `chooseLanguage`: its `?lang=`, `lang` cookie and Accept-Language. */
export function requestLanguage(request: {
  query: unknown;
  headers: { cookie?: string; 'accept-language'?: string };
}): Language {
  const { query, headers } = request;
  return chooseLanguage((query as { lang?: unknown } | undefined)?.lang, headers.cookie, headers['accept-language']);
}

/**
 * The language to serve: an explicit `?lang=` (the hreflang alternates), else the visitor's choice
 * (the `lang` cookie the shell writes when they pick one), else the browser's Accept-Language
 * (Chinese of any region → zh-CN, as platform/src/i18n detects it), else English.
 */
export function chooseLanguage(
  query: unknown,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  if (isLanguage(query)) return query;
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  if (isLanguage(cookie)) return cookie;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en') || tag === '*') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** The route pattern a path belongs to: `/blog/my-post` → `/blog/:slug`. */
function matches(pattern: string, path: string): boolean {
  if (!pattern.includes(':')) return pattern === path;
  const re = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
  return re.test(path);
}

export interface PageChoice {
  page: PrerenderedPage;
  /** A remote's route: the page has a slot for the server's content. */
  remote: boolean;
  /** The remote module a remote's route shows, when the build names it. */
  module?: RemoteModule;
}

/** The site's settings a pre-rendered page shows: its address (the developer docs' samples), contacts, sign-in. */
interface PageSettings {
  siteUrl: string;
  supportEmail: string;
  serviceEmail: string;
  googleClientId: string | null;
  devLogin: boolean;
}

/** The shell's pre-rendered pages, with the site's own settings filled in. */
export class PrerenderedPages {
  private constructor(
    private readonly file: PrerenderFile,
    private readonly settings: PageSettings,
    escape: (text: string) => string,
  ) {
    const { tokens } = file;
    for (const lang of LANGUAGES) {
      for (const page of Object.values(file.pages[lang] ?? {})) {
        page.body = page.body
          .replaceAll(tokens.supportEmail, escape(settings.supportEmail))
          .replaceAll(tokens.serviceEmail, escape(settings.serviceEmail));
        if (tokens.siteUrl) page.body = page.body.replaceAll(tokens.siteUrl, escape(settings.siteUrl));
      }
    }
  }

  /** null when the build has no pre-rendered pages (the shell then renders in the browser only). */
  static load(path: string, settings: PageSettings, escape: (text: string) => string): PrerenderedPages | null {
    if (!existsSync(path)) return null;
    return new PrerenderedPages(JSON.parse(readFileSync(path, 'utf8')) as PrerenderFile, settings, escape);
  }

  /** The page for a clean path in a language; null for a path the shell does not know (it redirects). */
  find(path: string, lang: Language): PageChoice | null {
    const choice = this.lookup(path, lang);
    const built = this.file.builtYear;
    const year = new Date().getFullYear();
    if (!choice || !built || built === year) return choice;
    // The footer shows the browser's current year; a page built in an earlier year says so too.
    const body = choice.page.body.replace(
      /(<p class="shell-footer__rights">[^<]*?)(\d{4})/,
      (match, before: string, y: string) => (Number(y) === built ? `${before}${year}` : match),
    );
    return { ...choice, page: { ...choice.page, body } };
  }

  private lookup(path: string, lang: Language): PageChoice | null {
    const pages = this.file.pages[lang] ?? this.file.pages[DEFAULT_LANGUAGE];
    if (path === '/login') {
      const { googleClientId, devLogin } = this.settings;
      const page = pages[`/login#google=${googleClientId ? 1 : 0}&dev=${devLogin ? 1 : 0}`];
      return page ? { page, remote: false } : null;
    }
    const own = pages[path];
    if (own && !this.file.remoteRoutes.includes(path)) return { page: own, remote: false };
    const pattern = this.file.remoteRoutes.find((p) => matches(p, path));
    if (!pattern || !pages[pattern]) return null;
    const module = this.file.remoteModules?.[pattern];
    return module ? { page: pages[pattern], remote: true, module } : { page: pages[pattern], remote: true };
  }
}
