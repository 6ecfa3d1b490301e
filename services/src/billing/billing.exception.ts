import { AppException } from '../common/app.exception';

export enum BillingErrorCode {
  UnknownItem = 'BILLING_UNKNOWN_ITEM',
  AlreadySubscribed = 'BILLING_ALREADY_SUBSCRIBED',
  SessionNotFound = 'BILLING_SESSION_NOT_FOUND',
  SessionClosed = 'BILLING_SESSION_CLOSED',
  NoSubscription = 'BILLING_NO_SUBSCRIPTION',
  Unavailable = 'BILLING_UNAVAILABLE',
  BadSignature = 'BILLING_BAD_SIGNATURE',
  ProviderFailed = 'BILLING_PROVIDER_FAILED',
  PaymentNotFound = 'BILLING_PAYMENT_NOT_FOUND',
}

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
};

export class BillingException extends AppException<BillingErrorCode> {
  constructor(code: BillingErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}
