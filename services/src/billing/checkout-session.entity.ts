import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { CheckoutStatus, CheckoutType } from '@veo3/contracts/billing';
import type { BillingCycle } from '@veo3/contracts/catalogue';

/** A checkout we started (Stripe's or the simulated one): who buys what, at the catalogue's price (less a simulated checkout's promotion code). */
@Entity('checkout_sessions')
export class CheckoutSessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 20 })
  type: CheckoutType;

  @Column({ name: 'item_id', type: 'varchar', length: 20 })
  itemId: string;

  @Column({ name: 'billing_cycle', type: 'varchar', length: 10, nullable: true })
  billingCycle: BillingCycle | null;

  @Column({ name: 'amount_cents', type: 'int' })
  amountCents: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** What the item grants (per period for a plan). */
  @Column({ type: 'int' })
  credits: number;

  @Column({ type: 'varchar', length: 20 })
  status: CheckoutStatus;

  @Column({ type: 'boolean' })
  simulated: boolean;

  @Column({ name: 'success_url', type: 'varchar', length: 1000 })
  successUrl: string;

  @Column({ name: 'cancel_url', type: 'varchar', length: 1000 })
  cancelUrl: string;

  /** The promotion code applied (simulated checkout only); null when none. */
  @Column({ name: 'promo_code_id', type: 'varchar', length: 36, nullable: true })
  promoCodeId: string | null;

  /**
   * What the code takes off: `amountCents` stays the list price, the buyer pays `amountCents -
   * discountCents` (and the payment row records that).
   */
  @Column({ name: 'discount_cents', type: 'int', default: 0 })
  discountCents: number;

  @Column({ name: 'credits_granted', type: 'int', default: 0 })
  creditsGranted: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'fulfilled_at', type: 'datetime', precision: 3, nullable: true })
  fulfilledAt: Date | null;
}
