import { AppException } from '../common/app.exception';

export enum CreditsErrorCode {
  Insufficient = 'CREDITS_INSUFFICIENT',
  InvalidAmount = 'CREDITS_INVALID_AMOUNT',
  UserNotFound = 'CREDITS_USER_NOT_FOUND',
  Forbidden = 'CREDITS_FORBIDDEN',
  UnknownModel = 'CREDITS_UNKNOWN_MODEL',
  IdempotencyConflict = 'CREDITS_IDEMPOTENCY_CONFLICT',
}

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
