import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A keyed hash (HMAC-SHA256, hex) of a deleted account's sign-in subject or e-mail: enough to tell
 * that a new sign-up was here before (no second sign-up bonus), never enough to say who it was.
 */
@Entity('erased_accounts')
export class ErasedAccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  hash: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
