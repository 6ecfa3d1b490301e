import { ACCOUNT_DELETION_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const AccountDeletionErrorCode = ACCOUNT_DELETION_ERROR_CODES;
export type AccountDeletionErrorCode = (typeof AccountDeletionErrorCode)[keyof typeof AccountDeletionErrorCode];

const STATUS: Record<AccountDeletionErrorCode, number> = {
  [AccountDeletionErrorCode.EmailMismatch]: 422,
  [AccountDeletionErrorCode.UserNotFound]: 404,
  [AccountDeletionErrorCode.OwnAccount]: 409,
  [AccountDeletionErrorCode.BillingFailed]: 502,
};

export class AccountDeletionException extends AppException<AccountDeletionErrorCode> {
  constructor(code: AccountDeletionErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
