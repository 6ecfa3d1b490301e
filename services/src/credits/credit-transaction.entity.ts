import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

import { CREDIT_SOURCE_TYPES, type CreditSourceType } from '@veo3/contracts/credits';
import type { PublicCreditTransaction } from '@veo3/contracts/credits';

export { CREDIT_SOURCE_TYPES, type CreditSourceType };

/** One line of the append-only credit ledger; rows are never updated or deleted. */
@Entity('credit_transactions')
export class CreditTransactionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  /** Positive for a grant, negative for a debit. */
  @Column({ type: 'int' })
  amount: number;

  @Column({ name: 'balance_after', type: 'int' })
  balanceAfter: number;

  @Column({ name: 'source_type', type: 'varchar', length: 20 })
  sourceType: CreditSourceType;

  @Column({ name: 'source_id', type: 'varchar', length: 200, nullable: true })
  sourceId: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}

/** A ledger line as the history shows it: with the catalogue id of the plan, pack or model it is for. */
export type LedgerLine = CreditTransactionEntity & { productId?: string | null };

/** `modelName` names a video line's model from the catalogue (undefined for any other product id). */
export function toPublicTransaction(
  t: LedgerLine,
  modelName: (id: string) => string | undefined = () => undefined,
): PublicCreditTransaction {
  return {
    id: t.id,
    amount: t.amount,
    balance_after: t.balanceAfter,
    source_type: t.sourceType,
    source_id: t.sourceId,
    description: t.description,
    product_id: t.productId ?? null,
    product_name: (t.productId && modelName(t.productId)) || null,
    created_at: t.createdAt.toISOString(),
  };
}
