import { NOTIFICATIONS_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const NotificationsErrorCode = NOTIFICATIONS_ERROR_CODES;
export type NotificationsErrorCode = (typeof NotificationsErrorCode)[keyof typeof NotificationsErrorCode];

const STATUS: Record<NotificationsErrorCode, number> = {
  [NotificationsErrorCode.InvalidEndpoint]: 400,
  [NotificationsErrorCode.PushUnavailable]: 409,
};

export class NotificationsException extends AppException<NotificationsErrorCode> {
  constructor(code: NotificationsErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
