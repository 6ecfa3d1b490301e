import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { groupedByUtcDay } from '../database/utc-day';
import type { UserCondition } from '../users/user.repository';
import { CheckoutSessionEntity } from './checkout-session.entity';
import { PaymentEntity, type PaymentStatus } from './payment.entity';
import { SubscriptionEntity } from './subscription.entity';

type Range = { start: Date; end: Date };

/** Payments as the admin console and the account page read them: pages, one by id, where they came from, figures by day. */
@Injectable()
export class PaymentRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get payments() {
    return this.dataSource.getRepository(PaymentEntity);
  }

  /** One page of payments (of one user, of one status when given), newest first, and how many there are. */
  page(
    filter: { userId?: string; status?: PaymentStatus },
    page: { skip: number; take: number },
  ): Promise<[PaymentEntity[], number]> {
    return this.payments.findAndCount({
      where: { ...(filter.userId && { userId: filter.userId }), ...(filter.status && { status: filter.status }) },
      order: { createdAt: 'DESC', id: 'DESC' },
      ...page,
    });
  }

  /** The user's latest `take` payments, newest first. */
  latestOf(userId: string, take: number): Promise<PaymentEntity[]> {
    return this.payments.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take });
  }

  /** The user's payments from `skip`, oldest first (the data export). */
  pageOf(userId: string, skip: number, take: number): Promise<PaymentEntity[]> {
    return this.payments.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  /** Whether the user `u` has (or, `has` false, has not) ever paid. */
  paidCondition(has: boolean): UserCondition {
    return { sql: `${has ? '' : 'NOT '}EXISTS (SELECT 1 FROM payments p WHERE p.user_id = u.id)` };
  }

  /** The cents each of these users paid (before refunds); users who never paid are absent. */
  async paidCentsBy(userIds: string[]): Promise<Map<string, number>> {
    const paid = await this.payments
      .createQueryBuilder('p')
      .select('p.userId', 'user_id')
      .addSelect('SUM(p.amountCents)', 'paid')
      .where('p.userId IN (:...userIds)', { userIds })
      .groupBy('p.userId')
      .getRawMany<{ user_id: string; paid: number | string }>();
    return new Map(paid.map((row) => [row.user_id, Number(row.paid)]));
  }

  findById(id: string): Promise<PaymentEntity | null> {
    return this.payments.findOneBy({ id });
  }

  /** The payment `id` when it is `userId`'s; null for anyone else's, as for none. */
  findOwn(userId: string, id: string): Promise<PaymentEntity | null> {
    return this.payments.findOneBy({ id, userId });
  }

  /** Stores the receipt found at Stripe for a payment that had none. */
  async setReceiptUrl(id: string, receiptUrl: string): Promise<void> {
    await this.payments.update({ id, receiptUrl: IsNull() }, { receiptUrl });
  }

  /** Which of these checkout sessions and subscriptions came from the simulated checkout. */
  async simulatedAmong(ids: { sessionIds: string[]; subscriptionIds: string[] }): Promise<Set<string>> {
    const select = { id: true, simulated: true };
    const [sessions, subscriptions] = await Promise.all([
      ids.sessionIds.length
        ? this.dataSource.getRepository(CheckoutSessionEntity).find({ select, where: { id: In(ids.sessionIds) } })
        : [],
      ids.subscriptionIds.length
        ? this.dataSource.getRepository(SubscriptionEntity).find({ select, where: { id: In(ids.subscriptionIds) } })
        : [],
    ]);
    return new Set([...sessions, ...subscriptions].filter((s) => s.simulated).map((s) => s.id));
  }

  /** Revenue (cents) and paying users of payments made in [start, end), by UTC day. */
  revenueByDay(range: Range): Promise<{ day: string; cents: number | string | null; payers: number | string }[]> {
    return groupedByUtcDay(this.dataSource, PaymentEntity, 'p', 'p.created_at', range)
      .addSelect('SUM(p.amount_cents)', 'cents')
      .addSelect('COUNT(DISTINCT p.user_id)', 'payers')
      .getRawMany();
  }

  /** Cents refunded by UTC day, counted on the day of each payment's first refund or dispute. */
  refundsByDay(range: Range): Promise<{ day: string; cents: number | string | null }[]> {
    return groupedByUtcDay(this.dataSource, PaymentEntity, 'p', 'COALESCE(p.refunded_at, p.disputed_at)', range)
      .addSelect('SUM(p.refunded_cents)', 'cents')
      .getRawMany();
  }

  /** How many distinct users paid in [start, end). */
  async payersBetween(range: Range): Promise<number> {
    const row = await this.payments
      .createQueryBuilder('p')
      .select('COUNT(DISTINCT p.user_id)', 'n')
      .where('p.created_at >= :start AND p.created_at < :end', range)
      .getRawOne<{ n: number | string }>();
    return Number(row?.n ?? 0);
  }
}
