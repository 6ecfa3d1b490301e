import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user's referral code, made the first time they ask for their link. */
@Entity('referral_codes')
export class ReferralCodeEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 16 })
  code: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
