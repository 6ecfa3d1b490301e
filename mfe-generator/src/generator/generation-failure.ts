import { VIDEO_ERROR_CODES } from '@veo3/contracts/error-codes';
import { ApiError } from '@veo3/platform/api/api-client';
import type { generatorMessages } from './generator.messages';

type GeneratorMessageKey = keyof (typeof generatorMessages)['en'];

/** Why a generation ended in the error state, as a message key plus its placeholders (SPEC §8 'Generation'). */
export interface FailureMessage {
  key: Extract<
    GeneratorMessageKey,
    | 'errorDefault'
    | 'errorRequestFailed'
    | 'errorRequestFailedHttp'
    | 'errorRequestFailedUnknown'
    | 'errorNoTaskId'
    | 'errorTimedOut'
    | 'errorStatusFailed'
    | 'errorNetwork'
    | 'errorTaskFailed'
    | 'errorVideoUrlMissing'
    | 'serverMessage'
  >;
  vars?: Record<string, string | number>;
  /** The server refused or failed the request before any task existed: it says so (no credits were taken). */
  noCharge?: boolean;
}

export class GenerationFailure extends Error {
  constructor(
    readonly key: FailureMessage['key'],
    readonly vars?: FailureMessage['vars'],
    readonly noCharge = false,
  ) {
    super(key);
    this.name = 'GenerationFailure';
  }
}

/** The failure an error stands for; anything unforeseen gets the panel's default text. */
export function toFailureMessage(error: unknown): FailureMessage {
  if (!(error instanceof GenerationFailure)) return { key: 'errorDefault' };
  return { key: error.key, vars: error.vars, ...(error.noCharge && { noCharge: true }) };
}

/**
 * 'Request failed: ' plus the server message, else 'HTTP error: <status>', else 'Unknown error'.
 * A reply from the server (`answered`) means it made no task, so nothing was charged.
 */
export function requestFailure(message: unknown, status?: number, answered = false): GenerationFailure {
  if (typeof message === 'string' && message) {
    return new GenerationFailure('errorRequestFailed', { message }, answered);
  }
  if (status) return new GenerationFailure('errorRequestFailedHttp', { status }, answered);
  return new GenerationFailure('errorRequestFailedUnknown', undefined, answered);
}

/**
 * requestFailure for a thrown request error: only an HTTP error carries a reply and a status (and
 * says nothing was charged); a request that got no answer may have reached the server.
 */
export function requestErrorFailure(error: unknown): GenerationFailure {
  if (!(error instanceof ApiError)) return requestFailure(undefined);
  return requestFailure((error.body as { message?: unknown } | null)?.message, error.status, true);
}

/** The server's refusal of one more generation while `max_active` are being made (said once, by Generate). */
export function isTooManyActive(error: unknown): boolean {
  return error instanceof ApiError && error.code === VIDEO_ERROR_CODES.TooManyActive;
}
