// A remote page rendered to HTML at build time (scripts/prerender-remote.mjs), as its first client
// render will make it: signed out, no query data yet. Only the remotes' server renderers import this
// folder; it is not a shared module of the browser builds (scripts/rspack-app.mjs).
import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// The server's router at a fixed location; only server renderers import it.
// oxlint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router';
import { initLanguage, type Language } from '@veo3/platform/i18n/i18n';
import { setRuntimeConfig } from '@veo3/platform/config/runtime-config';

/**
 * The HTML of `tree` at `url` as the browser's first render will make it (signed out, no query data
 * yet): `head`, the resource hints React put first (an image preload), and `body`, the rest. Every
 * boundary inline and complete: no completion scripts (the CSP allows no inline script).
 */
export async function renderStatic(
  tree: ReactElement,
  url: string,
  idPrefix?: string,
): Promise<{ head: string; body: string }> {
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={url}>{tree}</StaticRouter>
    </QueryClientProvider>,
    {
      ...(idPrefix && { identifierPrefix: idPrefix }),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        throw error;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  const head = /^(?:<link [^>]*\/>)*/.exec(html)![0];
  if (html.includes('<script') || html.includes('<template'))
    throw new Error(`${url}: the render is not complete HTML`);
  return { head, body: html.slice(head.length) };
}

/** The body of `page` at `url` in `lang`, as a picture of it (pictureOf). */
export async function prerenderPage(
  page: ReactElement,
  url: string,
  lang: Language,
  idPrefix: string,
): Promise<string> {
  initLanguage(lang);
  setRuntimeConfig({
    siteUrl: 'http://localhost',
    remotes: {} as never,
    gaMeasurementId: null,
    googleClientId: null,
    devLogin: false,
    supportEmail: '',
    serviceEmail: '',
  });
  // Resource hints React may put first belong in a head this page does not own: dropped.
  const { body } = await renderStatic(page, url, idPrefix);
  return pictureOf(body);
}

/**
 * The page as a picture of itself: it stands, inert and hidden from assistive technology, where
 * the remote's page will be, so what names or ties its controls (ids, label targets, names, ARIA,
 * test ids) goes, and nothing (a label query, a test, a duplicate id) can take it for the page.
 * React escapes quotes in text, so an `attr="` pattern occurs only in a tag.
 */
export function pictureOf(html: string): string {
  return html.replace(/\s(?:id|for|name|data-testid|aria-[a-z]+)="[^"]*"/g, '');
}
