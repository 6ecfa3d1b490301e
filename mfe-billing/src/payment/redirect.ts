/**
 * Leaves the app for `url` with a full page load: the hosted checkout, the billing portal, or a
 * checkout's return address. One module, so tests can replace it (jsdom cannot navigate).
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

/** The in-app path of a same-origin address (for the router), or null for another site. */
export function appPath(url: string): string | null {
  try {
    const target = new URL(url, window.location.href);
    return target.origin === window.location.origin ? `${target.pathname}${target.search}${target.hash}` : null;
  } catch {
    return null;
  }
}
