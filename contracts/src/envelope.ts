/**
 * The reply envelope of every JSON API route: `{ success: true, data }` (or, for a few older routes,
 * `{ success: true, ...fields }`) and the one error shape `{ success: false, message, code }` that
 * services/src/common/http-exception.filter.ts writes.
 */
import { z } from 'zod';

/** `{ success: true, data: <schema> }`. */
export function ok<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** `{ success: true, ...fields }`: replies that carry their fields beside `success` (sign-in, checkout, uploads). */
export function okWith<T extends z.ZodRawShape>(fields: T) {
  return z.object({ success: z.literal(true), ...fields });
}

/** `{ success: true }` alone. */
export const OkReply = z.object({ success: z.literal(true) });
export type OkReply = z.infer<typeof OkReply>;

/** `{ success: true, message }`. */
export const OkMessageReply = okWith({ message: z.string() });
export type OkMessageReply = z.infer<typeof OkMessageReply>;

/** The code of an error the framework raised, by HTTP status (the filter's CODE_BY_STATUS). */
export const HTTP_ERROR_CODES = [
  'BAD_REQUEST',
  'REQUEST_TIMEOUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'HEADERS_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

/** Every module's own code (each `*.exception.ts` code enum). */
export const MODULE_ERROR_CODES = [
  'ADMIN_USER_NOT_FOUND',
  'ADMIN_BALANCE_BELOW_ZERO',
  'ADMIN_IDEMPOTENCY_CONFLICT',
  'ADMIN_OWN_ADMIN_ROLE',
  'ADMIN_OWN_ROLE',
  'ADMIN_LAST_ADMIN',
  'ADMIN_ROLE_FROM_CONFIG',
  'ADMIN_PAYMENT_NOT_FOUND',
  'ADMIN_PAYMENT_REFUNDED',
  'ADMIN_REFUND_FAILED',
  'ADMIN_TASK_NOT_FOUND',
  'ADMIN_TASK_NOT_REFUNDABLE',
  'ADMIN_TASK_NOT_RETRYABLE',
  'AUTH_GOOGLE_ONLY',
  'AUTH_GOOGLE_NOT_CONFIGURED',
  'AUTH_GOOGLE_TOKEN_INVALID',
  'AUTH_DEV_LOGIN_DISABLED',
  'AUTH_NOT_SIGNED_IN',
  'AUTH_SESSION_EXPIRED',
  'AUTH_NOT_ADMIN',
  'AUTH_NOT_BLOG_MANAGER',
  'BILLING_UNKNOWN_ITEM',
  'BILLING_ALREADY_SUBSCRIBED',
  'BILLING_SESSION_NOT_FOUND',
  'BILLING_SESSION_CLOSED',
  'BILLING_NO_SUBSCRIPTION',
  'BILLING_UNAVAILABLE',
  'BILLING_BAD_SIGNATURE',
  'BILLING_PROVIDER_FAILED',
  'BILLING_PAYMENT_NOT_FOUND',
  'BLOG_POST_NOT_FOUND',
  'BLOG_INVALID_IMAGE',
  'BLOG_IMAGE_TOO_LARGE',
  'BLOG_BAD_UPLOAD',
  'CREDITS_INSUFFICIENT',
  'CREDITS_INVALID_AMOUNT',
  'CREDITS_USER_NOT_FOUND',
  'CREDITS_FORBIDDEN',
  'CREDITS_UNKNOWN_MODEL',
  'CREDITS_IDEMPOTENCY_CONFLICT',
  'DATABASE_SCHEMA_PENDING',
  'DATABASE_MIGRATION_LOCK_TIMEOUT',
  'EVENTS_DRAINING',
  'EVENTS_TOO_MANY_FROM_ADDRESS',
  'EVENTS_RATE_LIMITED',
  'HEALTH_DATABASE_DOWN',
  'HEALTH_NOT_READY',
  'STORAGE_NOT_FOUND',
  'STORAGE_INVALID_KEY',
  'STORAGE_UNAVAILABLE',
  'USERS_EMAIL_TAKEN',
  'VIDEO_PROMPT_REQUIRED',
  'VIDEO_PROMPT_TOO_LONG',
  'VIDEO_IMAGE_REQUIRED',
  'VIDEO_NOT_SIGNED_IN',
  'VIDEO_UNKNOWN_MODEL',
  'VIDEO_INSUFFICIENT_CREDITS',
  'VIDEO_INVALID_IMAGE',
  'VIDEO_IMAGE_TOO_LARGE',
  'VIDEO_IMAGE_TOO_MANY_PIXELS',
  'VIDEO_BAD_FORM',
  'VIDEO_BAD_OPTION',
  'VIDEO_UNSUPPORTED_OPTION',
  'VIDEO_UNAVAILABLE',
  'VIDEO_NOT_FOUND',
  'VIDEO_LINK_EXPIRED',
  'VIDEO_IDEMPOTENCY_KEY_REUSED',
  'VIDEO_TASK_UNFINISHED',
  'VIDEO_NOT_EDITABLE',
  'VIDEO_TOO_LONG',
  'VIDEO_PARENT_REFUSED',
] as const;

/** Every code the service itself chooses. */
export const ErrorCode = z.enum([...HTTP_ERROR_CODES, ...MODULE_ERROR_CODES]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * The error reply. `code` is one of ErrorCode, or Fastify's own code for a request it refused
 * (`FST_ERR_CTP_INVALID_MEDIA_TYPE`...), or `HTTP_<status>` for a status without a name, hence a string.
 * `message` is at most 200 characters and an ellipsis.
 */
export const ErrorReply = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;
