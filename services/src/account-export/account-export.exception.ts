import { ACCOUNT_EXPORT_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const AccountExportErrorCode = ACCOUNT_EXPORT_ERROR_CODES;
export type AccountExportErrorCode = (typeof AccountExportErrorCode)[keyof typeof AccountExportErrorCode];

const STATUS: Record<AccountExportErrorCode, number> = {
  [AccountExportErrorCode.TooSoon]: 429,
  [AccountExportErrorCode.NotFound]: 404,
  [AccountExportErrorCode.NotReady]: 409,
  [AccountExportErrorCode.LinkExpired]: 410,
  [AccountExportErrorCode.SignedOut]: 401,
};

export class AccountExportException extends AppException<AccountExportErrorCode> {
  /** TooSoon: when the next export becomes possible (sent as Retry-After too). */
  constructor(
    code: AccountExportErrorCode,
    message: string,
    readonly retryAt: Date | null = null,
  ) {
    super(code, message, STATUS[code]);
  }
}
