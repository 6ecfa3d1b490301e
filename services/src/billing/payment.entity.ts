import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type PaymentKind = 'pack' | 'plan' | 'renewal';

/** A payment that granted credits; written in the same transaction as its ledger line. */
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

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
