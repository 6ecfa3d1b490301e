import { PUBLIC_API_ERROR_CODES } from '@veo3/contracts/error-codes';
import type { V1ProblemField } from '@veo3/contracts/public-api';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const PublicApiErrorCode = PUBLIC_API_ERROR_CODES;
export type PublicApiErrorCode = (typeof PublicApiErrorCode)[keyof typeof PublicApiErrorCode];

const STATUS: Record<PublicApiErrorCode, number> = {
  [PublicApiErrorCode.InvalidRequest]: 400,
  [PublicApiErrorCode.InvalidCursor]: 400,
  [PublicApiErrorCode.ImageUrlRefused]: 400,
  [PublicApiErrorCode.ImageUrlUnreadable]: 422,
  [PublicApiErrorCode.NotCancellable]: 409,
};

/** An error of the developer API; a validation error carries each invalid field (the problem's `errors`). */
export class PublicApiException extends AppException<PublicApiErrorCode> {
  constructor(
    code: PublicApiErrorCode,
    message: string,
    readonly fields?: V1ProblemField[],
  ) {
    super(code, message, STATUS[code]);
  }
}
