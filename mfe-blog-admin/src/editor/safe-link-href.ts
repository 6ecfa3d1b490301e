const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * Rich-text link addresses (SPEC §5): kept only for http, https, mailto and tel;
 * anything else, relative addresses included, becomes a blank address.
 */
export function safeLinkHref(href: string): string {
  const trimmed = href.trim();
  try {
    // The URL parser resolves case, stray whitespace and control characters the way a browser would.
    return ALLOWED_PROTOCOLS.has(new URL(trimmed).protocol) ? trimmed : '';
  } catch {
    return '';
  }
}
