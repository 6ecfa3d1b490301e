import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A promotion code of the simulated checkout: percent or amount off, with an optional expiry and limit. */
@Entity('promo_codes')
@Index('uq_promo_codes_code', ['code'], { unique: true })
@Index('idx_promo_codes_created', ['createdAt'])
export class PromoCodeEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** Upper-case: a code typed in any case finds it. */
  @Column({ type: 'varchar', length: 32 })
  code: string;

  /** Exactly one of `percentOff` and `amountOffCents` is set. */
  @Column({ name: 'percent_off', type: 'int', nullable: true })
  percentOff: number | null;

  @Column({ name: 'amount_off_cents', type: 'int', nullable: true })
  amountOffCents: number | null;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3, nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'max_redemptions', type: 'int', nullable: true })
  maxRedemptions: number | null;

  /** Paid checkouts that used it; only a conditional update that respects the limit raises it. */
  @Column({ type: 'int', default: 0 })
  redemptions: number;

  @Column({ name: 'disabled_at', type: 'datetime', precision: 3, nullable: true })
  disabledAt: Date | null;

  /** The admin who created it (an opaque id, as in the audit log). */
  @Column({ name: 'created_by', type: 'varchar', length: 36 })
  createdBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
