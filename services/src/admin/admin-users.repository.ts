import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { AdminUsersQuery } from '@veo3/contracts/admin';
import { SessionEntity } from '../auth/session.entity';
import { PaymentEntity } from '../billing/payment.entity';
import { LIVE_SUBSCRIPTION_STATUSES, SubscriptionEntity } from '../billing/subscription.entity';
import { CreditTransactionEntity } from '../credits/credit-transaction.entity';
import { UserEntity } from '../users/user.entity';
import { VideoTaskEntity } from '../video/video-task.entity';

const DAY_MS = 86_400_000;

/** The user columns a role granted in the console is kept in. */
export type GrantedRoleColumn = 'adminGranted' | 'blogManagerGranted';

/** `text` matched literally by LIKE … ESCAPE '!' (the same escape character on SQLite and MySQL). */
const likeLiteral = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** The reads and writes of the admin console's user pages. Methods that take an EntityManager run in the caller's transaction. */
@Injectable()
export class AdminUsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of users, newest sign-ups first, and how many match. */
  page(query: AdminUsersQuery): Promise<[UserEntity[], number]> {
    const select = this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .orderBy('u.createdAt', 'DESC')
      .addOrderBy('u.id', 'DESC')
      .skip((query.page - 1) * query.page_size)
      .take(query.page_size);
    if (query.q) {
      const q = `%${likeLiteral(query.q.toLowerCase())}%`;
      select.andWhere(
        new Brackets((w) => w.where("LOWER(u.email) LIKE :q ESCAPE '!'").orWhere("LOWER(u.name) LIKE :q ESCAPE '!'")),
        { q },
      );
    }
    // Whole UTC days, both ends included.
    if (query.signed_up_from) {
      select.andWhere('u.createdAt >= :from', { from: new Date(`${query.signed_up_from}T00:00:00Z`) });
    }
    if (query.signed_up_to) {
      select.andWhere('u.createdAt < :to', { to: new Date(Date.parse(`${query.signed_up_to}T00:00:00Z`) + DAY_MS) });
    }
    if (query.has_plan !== undefined) {
      const live = 'SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.status IN (:...live)';
      select.andWhere(`${query.has_plan ? '' : 'NOT '}EXISTS (${live})`, { live: LIVE_SUBSCRIPTION_STATUSES });
    }
    if (query.has_paid !== undefined) {
      select.andWhere(`${query.has_paid ? '' : 'NOT '}EXISTS (SELECT 1 FROM payments p WHERE p.user_id = u.id)`);
    }
    return select.getManyAndCount();
  }

  findUser(id: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ id });
  }

  userExists(m: EntityManager, id: string): Promise<boolean> {
    return m.existsBy(UserEntity, { id });
  }

  /** Which of the users have a live subscription, and the cents each paid (before refunds). */
  async planAndPaid(userIds: string[]): Promise<{ withPlan: Set<string>; paidCents: Map<string, number> }> {
    const [live, paid] = await Promise.all([
      this.dataSource.getRepository(SubscriptionEntity).find({
        select: { userId: true },
        where: { userId: In(userIds), status: In([...LIVE_SUBSCRIPTION_STATUSES]) },
      }),
      this.dataSource
        .getRepository(PaymentEntity)
        .createQueryBuilder('p')
        .select('p.userId', 'user_id')
        .addSelect('SUM(p.amountCents)', 'paid')
        .where('p.userId IN (:...userIds)', { userIds })
        .groupBy('p.userId')
        .getRawMany<{ user_id: string; paid: number | string }>(),
    ]);
    return {
      withPlan: new Set(live.map((s) => s.userId)),
      paidCents: new Map(paid.map((row) => [row.user_id, Number(row.paid)])),
    };
  }

  /** A user's latest `take` payments, tasks and sessions, newest first, and latest subscription. */
  async latestOf(userId: string, take: number) {
    const latest = { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take } as const;
    const [payments, subscription, tasks, sessions] = await Promise.all([
      this.dataSource.getRepository(PaymentEntity).find(latest),
      this.dataSource.getRepository(SubscriptionEntity).findOne({ where: { userId }, order: latest.order }),
      this.dataSource.getRepository(VideoTaskEntity).find(latest),
      this.dataSource.getRepository(SessionEntity).find(latest),
    ]);
    return { payments, subscription, tasks, sessions };
  }

  /** The ledger line written under an idempotency key, if any. */
  ledgerLine(m: EntityManager, idempotencyKey: string): Promise<CreditTransactionEntity | null> {
    return m.findOneBy(CreditTransactionEntity, { idempotencyKey });
  }

  /**
   * The users granted the admin role or named by `configuredEmails`, locked for the rest of `m`'s
   * transaction on MySQL, in one order (so two transactions locking them take turns).
   */
  lockAdminCandidates(m: EntityManager, configuredEmails: string[]): Promise<UserEntity[]> {
    const where: FindOptionsWhere<UserEntity>[] = [{ adminGranted: true }];
    if (configuredEmails.length) where.push({ email: In(configuredEmails) });
    return m.find(UserEntity, { where, order: { id: 'ASC' }, lock: this.writeLock() });
  }

  /** The user, locked for the rest of `m`'s transaction on MySQL; null when there is no such user. */
  lockUser(m: EntityManager, id: string): Promise<UserEntity | null> {
    return m.findOne(UserEntity, { where: { id }, lock: this.writeLock() });
  }

  /** The users of `ids` that exist, locked in id order on MySQL (so two changes take turns, never deadlock). */
  lockUsers(m: EntityManager, ids: string[]): Promise<UserEntity[]> {
    return m.find(UserEntity, { where: { id: In(ids) }, order: { id: 'ASC' }, lock: this.writeLock() });
  }

  async setGranted(m: EntityManager, id: string, column: GrantedRoleColumn, granted: boolean): Promise<void> {
    await m.update(UserEntity, { id }, { [column]: granted });
  }

  private writeLock() {
    return this.dataSource.options.type === 'mysql' ? ({ mode: 'pessimistic_write' } as const) : undefined;
  }
}
