import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One API key of a user's: its secret is never stored, only its SHA-256 (`key_hash`). */
@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  /** `v3s_` and the key's next 8 characters: shown in lists and logs. */
  @Column({ type: 'varchar', length: 12 })
  prefix: string;

  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  /** The scopes, separated by spaces. */
  @Column({ type: 'varchar', length: 100 })
  scopes: string;

  @Column({ name: 'monthly_cap', type: 'int', nullable: true })
  monthlyCap: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'datetime', precision: 3, nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt: Date | null;

  /** An admin's reason when the console revoked it; null when its owner did. */
  @Column({ name: 'revoked_reason', type: 'varchar', length: 500, nullable: true })
  revokedReason: string | null;
}
