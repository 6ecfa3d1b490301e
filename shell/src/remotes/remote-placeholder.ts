/** Marks the server's slot in a remote route's pre-rendered placeholder; the site fills it (e.g. the blog's article). */
export const REMOTE_SLOT = '<!--remote-slot-->';

/**
 * The server HTML inside the remote's placeholder on the page being hydrated (undefined when the
 * page was not pre-rendered, or once the remote has replaced it). Its own module, so that bootstrap
 * can set it without loading the remote route's code on pages that have no remote.
 */
let placeholderHtml: string | undefined;

export function setRemotePlaceholder(html: string | undefined): void {
  placeholderHtml = html;
}

export function getRemotePlaceholder(): string | undefined {
  return placeholderHtml;
}
