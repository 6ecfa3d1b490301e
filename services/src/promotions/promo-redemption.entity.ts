import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A paid checkout's use of a promotion code: one per checkout session, so a replayed Pay redeems once. */
@Entity('promo_redemptions')
@Index('uq_promo_redemptions_session', ['checkoutSessionId'], { unique: true })
@Index('idx_promo_redemptions_user', ['userId', 'createdAt'])
export class PromoRedemptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'promo_code_id', type: 'varchar', length: 36 })
  promoCodeId: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'checkout_session_id', type: 'varchar', length: 255 })
  checkoutSessionId: string;

  @Column({ name: 'discount_cents', type: 'int' })
  discountCents: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
