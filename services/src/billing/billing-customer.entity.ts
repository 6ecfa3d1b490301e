import { CreateDateColumn, Column, Entity, PrimaryColumn } from 'typeorm';

/** The one Stripe customer of a user, created on first checkout and reused. */
@Entity('billing_customers')
export class BillingCustomerEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255 })
  stripeCustomerId: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
