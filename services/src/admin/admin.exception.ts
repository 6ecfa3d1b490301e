import { AppException } from '../common/app.exception';

export enum AdminErrorCode {
  UserNotFound = 'ADMIN_USER_NOT_FOUND',
  BalanceBelowZero = 'ADMIN_BALANCE_BELOW_ZERO',
  IdempotencyConflict = 'ADMIN_IDEMPOTENCY_CONFLICT',
  OwnAdminRole = 'ADMIN_OWN_ADMIN_ROLE',
  OwnRole = 'ADMIN_OWN_ROLE',
  LastAdmin = 'ADMIN_LAST_ADMIN',
  RoleFromConfig = 'ADMIN_ROLE_FROM_CONFIG',
  PaymentNotFound = 'ADMIN_PAYMENT_NOT_FOUND',
  PaymentRefunded = 'ADMIN_PAYMENT_REFUNDED',
  RefundFailed = 'ADMIN_REFUND_FAILED',
  TaskNotFound = 'ADMIN_TASK_NOT_FOUND',
  TaskNotRefundable = 'ADMIN_TASK_NOT_REFUNDABLE',
  TaskNotRetryable = 'ADMIN_TASK_NOT_RETRYABLE',
}

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
