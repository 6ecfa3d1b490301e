/**
 * The reply envelope of every JSON API route: `{ success: true, data }` (or, for a few older routes,
 * `{ success: true, ...fields }`) and the one error shape `{ success: false, message, code }` that
 * services/src/common/http-exception.filter.ts writes.
 */
import { z } from 'zod';
import { MODULE_ERRORS } from './error-codes';

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

/** The code of an error the framework raised, by HTTP status: the filter's default for the status. */
export const HTTP_ERROR_CODE_BY_STATUS = {
  400: 'BAD_REQUEST',
  408: 'REQUEST_TIMEOUT',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
} as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODE_BY_STATUS)[keyof typeof HTTP_ERROR_CODE_BY_STATUS] | 'INTERNAL';

/** The framework's codes, and INTERNAL for an unexpected failure. */
export const HTTP_ERROR_CODES: readonly HttpErrorCode[] = [...Object.values(HTTP_ERROR_CODE_BY_STATUS), 'INTERNAL'];

type ModuleErrors = typeof MODULE_ERRORS;
export type ModuleErrorCode = { [M in keyof ModuleErrors]: ModuleErrors[M][keyof ModuleErrors[M]] }[keyof ModuleErrors];

/** Every module's own code (each `*.exception.ts` code enum), written once in error-codes.ts. */
export const MODULE_ERROR_CODES: readonly ModuleErrorCode[] = Object.values(MODULE_ERRORS).flatMap(
  (codes): ModuleErrorCode[] => Object.values(codes),
);

/** Every code the service itself chooses. */
export const ErrorCode = z.enum([...HTTP_ERROR_CODES, ...MODULE_ERROR_CODES] as [
  HttpErrorCode | ModuleErrorCode,
  ...(HttpErrorCode | ModuleErrorCode)[],
]);
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
