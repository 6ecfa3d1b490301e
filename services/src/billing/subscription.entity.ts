import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { BillingCycle, SubscriptionPlan } from '@veo3/contracts/catalogue';

/** Stripe's subscription states; `active` and `trialing` hold a plan. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

/** Our copy of a subscription, kept in step with Stripe by webhooks (Stripe stays the truth). */
@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'plan_id', type: 'varchar', length: 20 })
  planId: SubscriptionPlan['id'];

  @Column({ name: 'billing_cycle', type: 'varchar', length: 10 })
  billingCycle: BillingCycle;

  @Column({ type: 'varchar', length: 30 })
  status: string;

  @Column({ name: 'current_period_end', type: 'datetime', precision: 3, nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ name: 'canceled_at', type: 'datetime', precision: 3, nullable: true })
  canceledAt: Date | null;

  /** When a plan set to cancel (in Stripe's portal) ends; null while it renews. */
  @Column({ name: 'cancel_at', type: 'datetime', precision: 3, nullable: true })
  cancelAt: Date | null;

  @Column({ type: 'boolean' })
  simulated: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
