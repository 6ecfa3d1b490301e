import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type PaymentKind = 'pack' | 'plan' | 'renewal';
/** A dispute outranks refunds: once disputed, a payment stays `disputed`. */
export type PaymentStatus = 'paid' | 'partially_refunded' | 'refunded' | 'disputed';
/** What a payment's refunds and disputes change (PaymentRefundService); fulfillment leaves them at their defaults. */
export type PaymentReversalField = 'status' | 'refundedCents' | 'creditsReclaimed' | 'refundedAt' | 'disputedAt';

/**
 * Why a paid invoice granted nothing (see noGrantReason): not a period of the plan (a proration is
 * `billing_reason:subscription_update`), a $0 invoice, or not the plan's price.
 */
export type PaymentNoGrantReason = 'zero_amount' | 'amount_mismatch' | `billing_reason:${string}`;

/** A payment, written in the same transaction as its ledger line (none when it granted nothing). */
@Entity('payments')
export class PaymentEntity {
  /** The checkout session (packs) or invoice (plans) id: the `stripe:<id>` of the ledger key. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 20 })
  kind: PaymentKind;

  @Column({ name: 'item_id', type: 'varchar', length: 20 })
  itemId: string;

  @Column({ name: 'amount_cents', type: 'int' })
  amountCents: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'int' })
  credits: number;

  @Column({ name: 'checkout_session_id', type: 'varchar', length: 255, nullable: true })
  checkoutSessionId: string | null;

  @Column({ name: 'subscription_id', type: 'varchar', length: 255, nullable: true })
  subscriptionId: string | null;

  @Column({ type: 'varchar', length: 20, default: 'paid' })
  status: PaymentStatus;

  /** Null when the payment granted `credits`; else why it granted none (`credits` is then 0). */
  @Column({ name: 'no_grant_reason', type: 'varchar', length: 64, nullable: true })
  noGrantReason: PaymentNoGrantReason | null;

  /** The part of `amountCents` refunded or disputed so far; its share of `credits` has been taken back. */
  @Column({ name: 'refunded_cents', type: 'int', default: 0 })
  refundedCents: number;

  /** Credits actually taken back: less than that share when some had been spent. */
  @Column({ name: 'credits_reclaimed', type: 'int', default: 0 })
  creditsReclaimed: number;

  @Column({ name: 'refunded_at', type: 'datetime', precision: 3, nullable: true })
  refundedAt: Date | null;

  @Column({ name: 'disputed_at', type: 'datetime', precision: 3, nullable: true })
  disputedAt: Date | null;

  /** Stripe's hosted receipt (a pack's charge) or invoice page (a plan's); null for simulated payments and until known. */
  @Column({ name: 'receipt_url', type: 'varchar', length: 1000, nullable: true })
  receiptUrl: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
