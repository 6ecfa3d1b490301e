/** What stands in for a secret. Its `[` ends every pattern's value, so masking twice changes nothing. */
export const MASKED = '[masked]';

/**
 * Shapes of credentials, each replaced keeping only what is no secret (a field's name, a key's
 * fixed prefix). Google quotes a suspended key back ("Consumer 'api_key:AIza…' has been
 * suspended"), and URLs in error text carry `?key=`.
 */
const PATTERNS: [RegExp, string][] = [
  // Named values first (`api_key:AIza…` is then masked whole): headers, JSON fields, query parameters.
  [
    /\b(x-goog-api-key|x-api-key|api[_-]?key|access[_-]?token|client[_-]?secret|secret|token|key|sig|signature|password)(["']?\s*[:=]\s*["']?)[^\s"'&,;)}\][]{4,}/gi,
    `$1$2${MASKED}`,
  ],
  // Google API keys.
  [/\bAIza[\w-]{10,}/g, `AIza${MASKED}`],
  // Stripe secret and restricted keys (sk_live_…, rk_test_…, or without the mode) and webhook-signing secrets.
  [/\b(sk|rk)_((?:live|test)_)?[A-Za-z0-9]{8,}/g, `$1_$2${MASKED}`],
  [/\bwhsec_[A-Za-z0-9+/=]{8,}/g, `whsec_${MASKED}`],
  // "Authorization: Bearer <token>" or a bare "Bearer <token>".
  [/\b(Bearer|Basic)(\s+)[\w.~+/=-]{6,}/gi, `$1$2${MASKED}`],
  // The password in a URL (mysql://user:password@host).
  [/(\b[a-z][\w+.-]*:\/\/[^\s:/@]+:)[^\s@/[]+@/gi, `$1${MASKED}@`],
];

/**
 * `text` with anything shaped like a credential masked: for log lines and stored diagnostics that
 * quote another service's answer. It goes by shape, so it also catches keys this process never held.
 */
export function maskSecrets(text: string): string {
  return PATTERNS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}
