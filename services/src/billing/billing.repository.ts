import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { UserCondition } from '../users/user.repository';
import { BillingCustomerEntity } from './billing-customer.entity';
import { BillingEventEntity } from './billing-event.entity';
import { CheckoutSessionEntity } from './checkout-session.entity';
import { PaymentEntity, type PaymentReversalField } from './payment.entity';
import { LIVE_SUBSCRIPTION_STATUSES, SubscriptionEntity } from './subscription.entity';

/**
 * Billing's rows: checkout sessions, Stripe customers, subscriptions, payments and handled webhook
 * events. Methods that take an EntityManager run in the caller's transaction.
 */
@Injectable()
export class BillingRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- checkout sessions ---

  async createCheckoutSession(
    session: Omit<
      CheckoutSessionEntity,
      'createdAt' | 'creditsGranted' | 'fulfilledAt' | 'promoCodeId' | 'discountCents'
    >,
  ) {
    await this.dataSource.getRepository(CheckoutSessionEntity).insert(session);
  }

  findCheckoutSession(id: string): Promise<CheckoutSessionEntity | null> {
    return this.dataSource.getRepository(CheckoutSessionEntity).findOneBy({ id });
  }

  findUserCheckoutSession(userId: string, id: string): Promise<CheckoutSessionEntity | null> {
    return this.dataSource.getRepository(CheckoutSessionEntity).findOneBy({ id, userId });
  }

  async expireCheckoutSession(id: string): Promise<void> {
    await this.dataSource.getRepository(CheckoutSessionEntity).update({ id }, { status: 'expired' });
  }

  /**
   * Applies a promotion code (or, with null, removes it) to a checkout that is still open: whether
   * it was. The discount is taken off at Pay; `amount_cents` stays the list price.
   */
  async setCheckoutPromotion(id: string, promoCodeId: string | null, discountCents: number): Promise<boolean> {
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .update(CheckoutSessionEntity)
      .set({ promoCodeId, discountCents })
      .where("id = :id AND status = 'open'", { id })
      .execute();
    return Boolean(affected);
  }

  /** Deletes the checkouts opened before `before` and never fulfilled; how many. */
  async deleteUnfulfilledCheckoutsBefore(before: Date): Promise<number> {
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(CheckoutSessionEntity)
      .where("created_at < :before AND fulfilled_at IS NULL AND status <> 'complete'", { before })
      .execute();
    return affected ?? 0;
  }

  /** Marks a checkout fulfilled in `m`'s transaction (keeping the first fulfillment's time). */
  async completeCheckoutSession(m: EntityManager, session: CheckoutSessionEntity, credits: number): Promise<void> {
    await m.update(
      CheckoutSessionEntity,
      { id: session.id },
      { status: 'complete', creditsGranted: credits, fulfilledAt: session.fulfilledAt ?? new Date() },
    );
  }

  // --- customers and users ---

  /** The user's checkout sessions from `skip`, oldest first (the data export). */
  checkoutSessionsOf(userId: string, skip: number, take: number): Promise<CheckoutSessionEntity[]> {
    return this.dataSource
      .getRepository(CheckoutSessionEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  /** The user's subscriptions from `skip`, oldest first (the data export). */
  subscriptionsOf(userId: string, skip: number, take: number): Promise<SubscriptionEntity[]> {
    return this.dataSource
      .getRepository(SubscriptionEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  findCustomer(userId: string): Promise<BillingCustomerEntity | null> {
    return this.dataSource.getRepository(BillingCustomerEntity).findOneBy({ userId });
  }

  async createCustomer(userId: string, stripeCustomerId: string): Promise<void> {
    await this.dataSource.getRepository(BillingCustomerEntity).insert({ userId, stripeCustomerId });
  }

  // --- subscriptions ---

  /** Whether the user `u` has (or, `has` false, has not) a subscription in a live status. */
  livePlanCondition(has: boolean): UserCondition {
    const live = 'SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.status IN (:...live)';
    return { sql: `${has ? '' : 'NOT '}EXISTS (${live})`, parameters: { live: LIVE_SUBSCRIPTION_STATUSES } };
  }

  /** Which of these users have a subscription in a live status. */
  async liveSubscribersAmong(userIds: string[]): Promise<Set<string>> {
    const live = await this.dataSource.getRepository(SubscriptionEntity).find({
      select: { userId: true },
      where: { userId: In(userIds), status: In([...LIVE_SUBSCRIPTION_STATUSES]) },
    });
    return new Set(live.map((s) => s.userId));
  }

  /** The user's newest subscription, whatever its status. */
  latestSubscriptionOf(userId: string): Promise<SubscriptionEntity | null> {
    return this.dataSource
      .getRepository(SubscriptionEntity)
      .findOne({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The user's newest subscription in a live status, if any. */
  activeSubscription(userId: string): Promise<SubscriptionEntity | null> {
    return this.dataSource.getRepository(SubscriptionEntity).findOne({
      where: { userId, status: In([...LIVE_SUBSCRIPTION_STATUSES]) },
      order: { createdAt: 'DESC' },
    });
  }

  findSubscription(id: string): Promise<SubscriptionEntity | null> {
    return this.dataSource.getRepository(SubscriptionEntity).findOneBy({ id });
  }

  /** The subscription in `m`'s transaction, its row locked for the rest of it on MySQL. */
  lockSubscription(m: EntityManager, id: string): Promise<SubscriptionEntity | null> {
    const lock = this.dataSource.options.type === 'mysql' ? ({ mode: 'pessimistic_write' } as const) : undefined;
    return m.findOne(SubscriptionEntity, { where: { id }, lock });
  }

  async insertSubscription(m: EntityManager, subscription: Omit<SubscriptionEntity, 'createdAt' | 'updatedAt'>) {
    await m.insert(SubscriptionEntity, subscription);
  }

  async updateSubscription(m: EntityManager, id: string, fields: Partial<SubscriptionEntity>): Promise<void> {
    await m.update(SubscriptionEntity, { id }, fields);
  }

  // --- payments ---

  async insertPayment(m: EntityManager, payment: Omit<PaymentEntity, 'createdAt' | PaymentReversalField>) {
    await m.insert(PaymentEntity, payment);
  }

  findPayment(m: EntityManager, id: string): Promise<PaymentEntity | null> {
    return m.findOneBy(PaymentEntity, { id });
  }

  /** The first payment with one of these ids, if any. */
  findPaymentAmong(ids: string[]): Promise<PaymentEntity | null> {
    return this.dataSource.getRepository(PaymentEntity).findOneBy({ id: In(ids) });
  }

  /**
   * Writes `change` to the payment only if it is still as `seen` (refunded cents and status, and,
   * for a first refund or dispute, not yet stamped): whether it landed. A miss means another
   * reversal committed in between.
   */
  async updatePaymentIfUnchanged(
    m: EntityManager,
    seen: Pick<PaymentEntity, 'id' | 'refundedCents' | 'status'>,
    change: Partial<PaymentEntity>,
  ): Promise<boolean> {
    const update = m
      .createQueryBuilder()
      .update(PaymentEntity)
      .set(change)
      .where('id = :id AND refunded_cents = :from AND status = :status', {
        id: seen.id,
        from: seen.refundedCents,
        status: seen.status,
      });
    if (change.refundedAt) update.andWhere('refunded_at IS NULL');
    if (change.disputedAt) update.andWhere('disputed_at IS NULL');
    return Boolean((await update.execute()).affected);
  }

  async addCreditsReclaimed(m: EntityManager, paymentId: string, credits: number): Promise<void> {
    await m.increment(PaymentEntity, { id: paymentId }, 'creditsReclaimed', credits);
  }

  // --- account deletion ---

  /**
   * A deleted account's billing rows, in `m`'s transaction: the Stripe customer link and the
   * checkout sessions go; payments (and subscriptions) stay for tax and disputes, without the link
   * to Stripe's receipt (a page that shows the buyer's e-mail).
   */
  async eraseUser(m: EntityManager, userId: string): Promise<void> {
    await m.delete(BillingCustomerEntity, { userId });
    await m.delete(CheckoutSessionEntity, { userId });
    await m.update(PaymentEntity, { userId }, { receiptUrl: null });
  }

  // --- webhook events ---

  eventHandled(id: string): Promise<boolean> {
    return this.dataSource.getRepository(BillingEventEntity).existsBy({ id });
  }

  /** Records a handled event (a unique violation means another delivery recorded it first). */
  async recordEvent(id: string, type: string): Promise<void> {
    await this.dataSource.getRepository(BillingEventEntity).insert({ id, type });
  }
}
