import { useLocation } from '@veo3/platform/routing/router';

/** Where sign-in goes when it was not asked from a page, or the page it names is not safe to go to. */
export const DEFAULT_RETURN = '/';

/**
 * `next` when it is an address on this site (a path from its root, with query and hash), else `/`.
 * Anything that could leave the site is refused: absolute URLs, protocol-relative `//host` and
 * `/\host` (browsers read a backslash as a slash), control characters, and the login page itself.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_RETURN;
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(next)) return DEFAULT_RETURN;
  let url: URL;
  try {
    url = new URL(next, 'https://same.site');
  } catch {
    return DEFAULT_RETURN;
  }
  if (url.origin !== 'https://same.site' || url.pathname === '/login') return DEFAULT_RETURN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address that returns to `from` (path and query) after signing in. */
export function loginPath(from: string): string {
  const next = safeReturnPath(from);
  return next === DEFAULT_RETURN ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}

/** The login address for a link on the current page: sign-in comes back here, query included. */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  return loginPath(`${pathname}${search}`);
}
