import { WEBHOOKS_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const WebhooksErrorCode = WEBHOOKS_ERROR_CODES;
export type WebhooksErrorCode = (typeof WebhooksErrorCode)[keyof typeof WebhooksErrorCode];

const STATUS: Record<WebhooksErrorCode, number> = {
  [WebhooksErrorCode.NotFound]: 404,
  [WebhooksErrorCode.DeliveryNotFound]: 404,
  [WebhooksErrorCode.TooMany]: 409,
  [WebhooksErrorCode.InvalidUrl]: 400,
  [WebhooksErrorCode.PrivateAddress]: 400,
  [WebhooksErrorCode.DeliveryBusy]: 409,
  [WebhooksErrorCode.TooManySends]: 429,
};

export class WebhooksException extends AppException<WebhooksErrorCode> {
  /** TooManySends: the seconds until another send is allowed (sent as Retry-After). */
  constructor(
    code: WebhooksErrorCode,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(code, message, STATUS[code]);
  }
}
