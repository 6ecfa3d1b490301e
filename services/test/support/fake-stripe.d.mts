export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, any>;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeStripe {
  baseUrl: string;
  secretKey: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, Record<string, any>>;
  subscriptions: Map<string, Record<string, any>>;
  invoices: Map<string, Record<string, any>>;
  customers: Map<string, Record<string, any>>;
  charges: Map<string, Record<string, any>>;
  disputes: Map<string, Record<string, any>>;
  refunds: Map<string, Record<string, any>>;
  refusal: string | null;
  pay(sessionId: string, options?: { firstInvoiceAmount?: number; discount?: number }): Record<string, any>;
  renew(subscriptionId: string): string;
  invoice(subscriptionId: string, billingReason: string, amount: number): string;
  chargeOf(sessionOrInvoiceId: string): string;
  refund(chargeId: string, amount?: number): Record<string, any>;
  dispute(chargeId: string): string;
  event(type: string, objectId: string, eventId?: string): string;
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  close(): Promise<void>;
}

export function startFakeStripe(options: { webhookSecret: string }): Promise<FakeStripe>;
