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
}

export class GenerationFailure extends Error {
  constructor(
    readonly key: FailureMessage['key'],
    readonly vars?: FailureMessage['vars'],
  ) {
    super(key);
    this.name = 'GenerationFailure';
  }
}

/** The failure an error stands for; anything unforeseen gets the panel's default text. */
export function toFailureMessage(error: unknown): FailureMessage {
  return error instanceof GenerationFailure ? { key: error.key, vars: error.vars } : { key: 'errorDefault' };
}

/** 'Request failed: ' plus the server message, else 'HTTP error: <status>', else 'Unknown error'. */
export function requestFailure(message: unknown, status?: number): GenerationFailure {
  if (typeof message === 'string' && message) return new GenerationFailure('errorRequestFailed', { message });
  if (status) return new GenerationFailure('errorRequestFailedHttp', { status });
  return new GenerationFailure('errorRequestFailedUnknown');
}

/** requestFailure for a thrown request error: only an HTTP error carries a reply and a status. */
export function requestErrorFailure(error: unknown): GenerationFailure {
  if (!(error instanceof ApiError)) return requestFailure(undefined);
  return requestFailure((error.body as { message?: unknown } | null)?.message, error.status);
}
