import type { AccountExportStatus } from '@veo3/contracts/account-export';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One export a user asked for; the row is the job's truth, whichever process builds it. */
@Entity('account_exports')
export class AccountExportEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  status: AccountExportStatus;

  @Column({ type: 'int', default: 0 })
  progress: number;

  /** The archive in object storage, once stored. */
  @Column({ name: 'archive_key', type: 'varchar', length: 255, nullable: true })
  archiveKey: string | null;

  @Column({
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => (v === null ? null : Number(v)) },
  })
  size: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  /** Moves with each progress step: a build whose row stops moving died with its process. */
  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3, nullable: true })
  expiresAt: Date | null;
}
