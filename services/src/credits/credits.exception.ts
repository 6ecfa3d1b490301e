import { CREDITS_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const CreditsErrorCode = CREDITS_ERROR_CODES;
export type CreditsErrorCode = (typeof CreditsErrorCode)[keyof typeof CreditsErrorCode];

const STATUS: Record<CreditsErrorCode, number> = {
  [CreditsErrorCode.Insufficient]: 409,
  [CreditsErrorCode.InvalidAmount]: 400,
  [CreditsErrorCode.UserNotFound]: 404,
  [CreditsErrorCode.Forbidden]: 403,
  [CreditsErrorCode.UnknownModel]: 400,
  [CreditsErrorCode.IdempotencyConflict]: 409,
};

export class CreditsException extends AppException<CreditsErrorCode> {
  constructor(code: CreditsErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
