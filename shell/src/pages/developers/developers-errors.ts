import type { developersMessages } from './developers.messages';

type MessageKey = keyof (typeof developersMessages)['en'];

/**
 * The error codes a `/v1` or MCP caller can meet, with their status, in the order a caller tends to
 * meet them. Each has an anchor (`problemAnchor`) that the problem's `type` URI points to.
 */
export const API_ERRORS = [
  { code: 'API_KEYS_INVALID', status: 401 },
  { code: 'API_KEYS_NOT_AN_API_KEY', status: 401 },
  { code: 'API_KEYS_MISSING_SCOPE', status: 403 },
  { code: 'TOO_MANY_REQUESTS', status: 429 },
  { code: 'PUBLIC_API_INVALID_REQUEST', status: 400 },
  { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', status: 415 },
  { code: 'PUBLIC_API_INVALID_CURSOR', status: 400 },
  { code: 'PUBLIC_API_IMAGE_URL_REFUSED', status: 400 },
  { code: 'PUBLIC_API_IMAGE_URL_UNREADABLE', status: 422 },
  { code: 'VIDEO_UNKNOWN_MODEL', status: 400 },
  { code: 'VIDEO_BAD_OPTION', status: 400 },
  { code: 'VIDEO_UNSUPPORTED_OPTION', status: 400 },
  { code: 'VIDEO_IMAGE_REQUIRED', status: 400 },
  { code: 'VIDEO_INVALID_IMAGE', status: 400 },
  { code: 'VIDEO_IMAGE_TOO_LARGE', status: 413 },
  { code: 'VIDEO_IMAGE_TOO_MANY_PIXELS', status: 413 },
  { code: 'VIDEO_INSUFFICIENT_CREDITS', status: 402 },
  { code: 'API_KEYS_CAP_REACHED', status: 402 },
  { code: 'VIDEO_TOO_MANY_ACTIVE', status: 409 },
  { code: 'PUBLIC_API_NOT_CANCELLABLE', status: 409 },
  { code: 'VIDEO_IDEMPOTENCY_KEY_REUSED', status: 422 },
  { code: 'VIDEO_NOT_FOUND', status: 404 },
  { code: 'NOT_FOUND', status: 404 },
  { code: 'VIDEO_UNAVAILABLE', status: 503 },
  { code: 'INTERNAL', status: 500 },
] as const satisfies readonly { code: string; status: number }[];

export type ApiErrorCode = (typeof API_ERRORS)[number]['code'];

/** The message that explains `code`. */
export const errorMessageKey = (code: ApiErrorCode): MessageKey => `err_${code}`;
