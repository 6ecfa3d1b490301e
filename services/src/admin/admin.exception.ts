import { ADMIN_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const AdminErrorCode = ADMIN_ERROR_CODES;
export type AdminErrorCode = (typeof AdminErrorCode)[keyof typeof AdminErrorCode];

const STATUS: Record<AdminErrorCode, number> = {
  [AdminErrorCode.UserNotFound]: 404,
  [AdminErrorCode.BalanceBelowZero]: 409,
  [AdminErrorCode.IdempotencyConflict]: 409,
  [AdminErrorCode.OwnAdminRole]: 409,
  [AdminErrorCode.OwnRole]: 409,
  [AdminErrorCode.LastAdmin]: 409,
  [AdminErrorCode.RoleFromConfig]: 409,
  [AdminErrorCode.PaymentNotFound]: 404,
  [AdminErrorCode.PaymentRefunded]: 409,
  [AdminErrorCode.RefundFailed]: 502,
  [AdminErrorCode.TaskNotFound]: 404,
  [AdminErrorCode.TaskNotRefundable]: 409,
  [AdminErrorCode.TaskNotRetryable]: 409,
};

export class AdminException extends AppException<AdminErrorCode> {
  constructor(code: AdminErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
