/** The first instant of `now`'s calendar month, UTC: an API key's monthly cap counts from it. */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
