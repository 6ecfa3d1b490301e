import { BILLING_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const BillingErrorCode = BILLING_ERROR_CODES;
export type BillingErrorCode = (typeof BillingErrorCode)[keyof typeof BillingErrorCode];

const STATUS: Record<BillingErrorCode, number> = {
  [BillingErrorCode.UnknownItem]: 400,
  [BillingErrorCode.AlreadySubscribed]: 409,
  [BillingErrorCode.SessionNotFound]: 404,
  [BillingErrorCode.SessionClosed]: 409,
  [BillingErrorCode.NoSubscription]: 404,
  [BillingErrorCode.Unavailable]: 404,
  [BillingErrorCode.BadSignature]: 400,
  [BillingErrorCode.ProviderFailed]: 502,
  [BillingErrorCode.PaymentNotFound]: 404,
  [BillingErrorCode.NoCustomer]: 409,
  [BillingErrorCode.AccountNotFound]: 404,
};

export class BillingException extends AppException<BillingErrorCode> {
  constructor(code: BillingErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
