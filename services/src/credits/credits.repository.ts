import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { EntityRows } from '../database/entity-rows';
import { groupedByUtcDay } from '../database/utc-day';
import { UserEntity } from '../users/user.entity';
import { CreditTransactionEntity, type LedgerLine } from './credit-transaction.entity';

/** The ledger columns the API shows (toPublicTransaction). */
const PUBLIC_COLUMNS: (keyof CreditTransactionEntity & string)[] = [
  'id',
  'amount',
  'balanceAfter',
  'sourceType',
  'sourceId',
  'description',
  'createdAt',
];

/**
 * What a line is for, by its source: a payment's plan or pack (its grant and its refund), a video
 * task's model (its debit and its refund). Ids are looked up only for the source types that use
 * them, so an administrator's free-form sourceId never matches.
 */
const PAYMENT_OF_LINE = "t.source_type IN ('purchase', 'plan', 'renewal', 'refund') AND p.id = t.source_id";
const TASK_OF_LINE = "t.source_type IN ('video', 'refund') AND v.id = t.source_id";
const PRODUCT_JOINS = `LEFT JOIN payments p ON ${PAYMENT_OF_LINE} LEFT JOIN video_tasks v ON ${TASK_OF_LINE}`;
const PRODUCT_ID = 'COALESCE(p.item_id, v.model)';

/**
 * The credit ledger (`credit_transactions`) and the balance column it keeps in step (`users.credits`).
 * Methods that take an EntityManager run in the caller's transaction.
 */
@Injectable()
export class CreditsRepository {
  private readonly ledger: EntityRows<CreditTransactionEntity>;
  private readonly summarySql: string;

  constructor(private readonly dataSource: DataSource) {
    this.ledger = new EntityRows(dataSource, CreditTransactionEntity);
    // The balance rides along each of the latest lines: one statement, so one consistent snapshot
    // (and one row with no line when the ledger is still empty).
    this.summarySql =
      `SELECT u.credits AS user_credits, ${this.ledger.columns('t', PUBLIC_COLUMNS)}, ${PRODUCT_ID} AS product_id FROM users u ` +
      `LEFT JOIN credit_transactions t ON t.user_id = u.id ${PRODUCT_JOINS} WHERE u.id = :userId ` +
      'ORDER BY t.created_at DESC, t.id DESC LIMIT 10';
  }

  /**
   * The user's balance and latest `10` ledger lines (the columns the API shows), newest first, read
   * in one statement; null when there is no such user.
   */
  async summary(userId: string): Promise<{ balance: number; latest: LedgerLine[] } | null> {
    const rows = await this.ledger.query(this.summarySql, { userId });
    if (!rows.length) return null;
    return {
      balance: Number(rows[0]!.user_credits),
      latest: rows
        .filter((row) => row.id !== null)
        .map((row) => ({ ...this.ledger.hydrate(row), productId: (row.product_id as string | null) ?? null })),
    };
  }

  /** The balance as committed now (or as `m`'s transaction sees it); null when there is no such user. */
  async balanceOf(userId: string, m: EntityManager = this.dataSource.manager): Promise<number | null> {
    const user = await m.findOne(UserEntity, { select: { credits: true }, where: { id: userId } });
    return user ? user.credits : null;
  }

  /** The balance, with the user row locked for the rest of `m`'s transaction on MySQL; null when there is no such user. */
  async lockBalance(m: EntityManager, userId: string): Promise<number | null> {
    const user = await m.findOne(UserEntity, {
      select: { id: true, credits: true },
      where: { id: userId },
      lock: this.dataSource.options.type === 'mysql' ? { mode: 'pessimistic_write' } : undefined,
    });
    return user ? user.credits : null;
  }

  /**
   * Adds `delta` to the balance in one conditional update; a negative delta lands only if the
   * balance covers it (no read-then-write). Whether the balance changed.
   */
  async addToBalance(m: EntityManager, userId: string, delta: number): Promise<boolean> {
    const update = m
      .createQueryBuilder()
      .update(UserEntity)
      .set({ credits: () => 'credits + :delta' })
      .where('id = :id', { id: userId })
      .setParameter('delta', delta);
    if (delta < 0) update.andWhere('credits >= :needed', { needed: -delta });
    const { affected } = await update.execute();
    return Boolean(affected);
  }

  /** Every ledger line of the user, in `m`'s transaction (a deleted account's, to pseudonymise). */
  linesOf(m: EntityManager, userId: string): Promise<CreditTransactionEntity[]> {
    return m.findBy(CreditTransactionEntity, { userId });
  }

  /** Rewrites a line's free-text columns, in `m`'s transaction; amounts and balances never change. */
  async rewriteText(
    m: EntityManager,
    id: string,
    text: Pick<CreditTransactionEntity, 'description' | 'sourceId' | 'idempotencyKey'>,
  ): Promise<void> {
    await m.update(CreditTransactionEntity, { id }, text);
  }

  /** The ledger line written under an idempotency key, if any. */
  findByIdempotencyKey(m: EntityManager, idempotencyKey: string): Promise<CreditTransactionEntity | null> {
    return m.findOneBy(CreditTransactionEntity, { idempotencyKey });
  }

  /** Appends a ledger line in `m`'s transaction (its unique idempotency key refuses a second one). */
  async append(m: EntityManager, transaction: CreditTransactionEntity): Promise<CreditTransactionEntity> {
    const line = m.create(CreditTransactionEntity, transaction);
    await m.insert(CreditTransactionEntity, line);
    return line;
  }

  /** One page of a user's ledger, newest first, with what each line is for, and how many lines there are. */
  /** The user's ledger rows from `skip`, oldest first, every column (the data export). */
  rowsOf(userId: string, skip: number, take: number): Promise<CreditTransactionEntity[]> {
    return this.dataSource
      .getRepository(CreditTransactionEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  async historyPage(userId: string, take: number, skip: number): Promise<[LedgerLine[], number]> {
    const [lines, total] = await this.dataSource.getRepository(CreditTransactionEntity).findAndCount({
      where: { userId },
      // id breaks ties within a millisecond, so pages never overlap.
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
      skip,
    });
    if (!lines.length) return [lines, total];
    const products: { id: string; product_id: string | null }[] = await this.dataSource
      .createQueryBuilder()
      .select('t.id', 'id')
      .addSelect(PRODUCT_ID, 'product_id')
      .from(CreditTransactionEntity, 't')
      .leftJoin('payments', 'p', PAYMENT_OF_LINE)
      .leftJoin('video_tasks', 'v', TASK_OF_LINE)
      .where('t.id IN (:...ids)', { ids: lines.map((line) => line.id) })
      .getRawMany();
    const productOf = new Map(products.map((row) => [row.id, row.product_id]));
    return [lines.map((line) => ({ ...line, productId: productOf.get(line.id) ?? null })), total];
  }

  // --- the admin console's reads ---

  /** Which of these idempotency keys a ledger line was written under (read in `m`'s transaction when given). */
  async keysWritten(keys: string[], m: EntityManager = this.dataSource.manager): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const lines = await m.find(CreditTransactionEntity, {
      select: { idempotencyKey: true },
      where: { idempotencyKey: In(keys) },
    });
    return new Set(lines.map((line) => line.idempotencyKey));
  }

  /**
   * By UTC day over [start, end): credits granted (positive lines of `grantingSources`) and spent
   * (video debits net of the refunds of videos, the worker's `video:<task>:refund` lines).
   */
  ledgerByDay(
    range: { start: Date; end: Date },
    grantingSources: string[],
  ): Promise<{ day: string; granted: number | string | null; spent: number | string | null }[]> {
    return groupedByUtcDay(this.dataSource, CreditTransactionEntity, 'c', 'c.created_at', range)
      .addSelect('SUM(CASE WHEN c.amount > 0 AND c.source_type IN (:...granting) THEN c.amount ELSE 0 END)', 'granted')
      .addSelect(
        "SUM(CASE WHEN c.source_type = 'video' OR (c.source_type = 'refund' AND c.idempotency_key LIKE 'video:%') THEN -c.amount ELSE 0 END)",
        'spent',
      )
      .setParameter('granting', grantingSources)
      .getRawMany();
  }
}
