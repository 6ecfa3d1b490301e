import { REFERRAL_CODE_PATTERN } from '@veo3/contracts/referral-code';

/** Where the code of the last `?ref=` link is kept until a sign-in sends it. */
export const REFERRAL_KEY = 'veo3.referral';
/** A link counts for a sign-up within this many days of the visit. */
export const REFERRAL_DAYS = 30;
const REFERRAL_MS = REFERRAL_DAYS * 24 * 3600 * 1000;

/** The page's storage, or null where there is none or it refuses (a private window, the server). */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps the address's `?ref=` code with the time of the visit; a later link replaces an earlier one. */
export function rememberReferral(search: string, now = Date.now(), store = storage()): void {
  const code = new URLSearchParams(search).get('ref');
  if (!store || !code || !REFERRAL_CODE_PATTERN.test(code)) return;
  try {
    store.setItem(REFERRAL_KEY, JSON.stringify({ code, at: now }));
  } catch {
    // A full or refused storage: the visit simply brings no referral.
  }
}

/** The code to send with a sign-in: the last link's, unless it is older than REFERRAL_DAYS. */
export function pendingReferral(now = Date.now(), store = storage()): string | undefined {
  try {
    const kept = JSON.parse(store?.getItem(REFERRAL_KEY) ?? 'null') as { code?: unknown; at?: unknown } | null;
    if (typeof kept?.code !== 'string' || typeof kept.at !== 'number') return undefined;
    if (!REFERRAL_CODE_PATTERN.test(kept.code) || now - kept.at > REFERRAL_MS || kept.at > now) return undefined;
    return kept.code;
  } catch {
    return undefined;
  }
}

/** After a sign-in: the code was sent once, and counts only for the account that sign-in made. */
export function forgetReferral(store = storage()): void {
  try {
    store?.removeItem(REFERRAL_KEY);
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}
