import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { PushSubscriptionEntity } from './push-subscription.entity';

export type NewPushSubscription = Pick<
  PushSubscriptionEntity,
  'id' | 'userId' | 'endpointHash' | 'endpoint' | 'p256dh' | 'auth' | 'userAgent'
>;

/** The rows of `push_subscriptions`. */
@Injectable()
export class PushSubscriptionRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get rows() {
    return this.dataSource.getRepository(PushSubscriptionEntity);
  }

  findById(id: string): Promise<PushSubscriptionEntity | null> {
    return this.rows.findOneBy({ id });
  }

  idsOf(userId: string): Promise<string[]> {
    return this.rows
      .find({ select: { id: true }, where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } })
      .then((rows) => rows.map((row) => row.id));
  }

  countOf(userId: string): Promise<number> {
    return this.rows.countBy({ userId });
  }

  existsFor(userId: string, endpointHash: string): Promise<boolean> {
    return this.rows.existsBy({ userId, endpointHash });
  }

  /**
   * The browser's subscription, now the user's: a browser another account subscribed before (a shared
   * computer) changes hands, and its keys are the newest. In `m`'s transaction, with the user's other
   * subscriptions past their `keep` newest (this one included) deleted.
   */
  async save(m: EntityManager, row: NewPushSubscription, keep: number): Promise<void> {
    const existing = await m.findOneBy(PushSubscriptionEntity, { endpointHash: row.endpointHash });
    if (existing) {
      const { id: _id, ...changes } = row;
      await m.update(PushSubscriptionEntity, { id: existing.id }, { ...changes, createdAt: new Date() });
    } else {
      await m.insert(PushSubscriptionEntity, { ...row, createdAt: new Date(), lastSuccessAt: null });
    }
    const older = await m.find(PushSubscriptionEntity, {
      select: { id: true },
      where: { userId: row.userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: keep,
      // MySQL takes no OFFSET without a LIMIT; one save adds at most one past `keep`.
      take: 100,
    });
    if (older.length) await m.delete(PushSubscriptionEntity, { id: In(older.map((o) => o.id)) });
  }

  async deleteOwn(userId: string, endpointHash: string): Promise<void> {
    await this.rows.delete({ userId, endpointHash });
  }

  async deleteById(id: string): Promise<void> {
    await this.rows.delete({ id });
  }

  async markSuccess(id: string, at: Date): Promise<void> {
    await this.rows.update({ id }, { lastSuccessAt: at });
  }

  /** The user's subscriptions for data.json, oldest first: never the keys, which are only for encrypting to the browser. */
  pageOf(userId: string, skip: number, take: number) {
    return this.rows.find({
      select: { id: true, endpoint: true, userAgent: true, createdAt: true, lastSuccessAt: true },
      where: { userId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip,
      take,
    });
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.rows.delete({ userId });
  }
}
