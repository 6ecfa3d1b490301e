import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event id already handled; a redelivery of it is answered without work. */
@Entity('billing_events')
export class BillingEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @CreateDateColumn({ name: 'processed_at', type: 'datetime', precision: 3 })
  processedAt: Date;
}
