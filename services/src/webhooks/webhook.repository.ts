import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryType } from '@veo3/contracts/webhooks';
import { DataSource, In, IsNull, LessThan, LessThanOrEqual, Not, Or, type EntityManager } from 'typeorm';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

export type NewEndpoint = Pick<
  WebhookEndpointEntity,
  'id' | 'userId' | 'url' | 'description' | 'events' | 'secret' | 'createdAt'
>;
export type NewDelivery = Pick<WebhookDeliveryEntity, 'id' | 'endpointId' | 'userId' | 'eventType' | 'payload'>;
/** What a finished try writes. */
export type AttemptOutcome = Pick<
  WebhookDeliveryEntity,
  'status' | 'attempts' | 'attemptLog' | 'nextAttemptAt' | 'lastStatus' | 'lastError'
>;

/** The rows of `webhook_endpoints` and `webhook_deliveries`. */
@Injectable()
export class WebhookRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get endpoints() {
    return this.dataSource.getRepository(WebhookEndpointEntity);
  }

  private get deliveries() {
    return this.dataSource.getRepository(WebhookDeliveryEntity);
  }

  // --- endpoints ---

  endpointsOf(userId: string): Promise<WebhookEndpointEntity[]> {
    return this.endpoints.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  countOf(m: EntityManager, userId: string): Promise<number> {
    return m.count(WebhookEndpointEntity, { where: { userId } });
  }

  findOwn(userId: string, id: string): Promise<WebhookEndpointEntity | null> {
    return this.endpoints.findOne({ where: { id, userId } });
  }

  findEndpoint(id: string): Promise<WebhookEndpointEntity | null> {
    return this.endpoints.findOne({ where: { id } });
  }

  async insertEndpoint(m: EntityManager, row: NewEndpoint): Promise<void> {
    await m.insert(WebhookEndpointEntity, { ...row, enabled: true, updatedAt: row.createdAt });
  }

  async updateEndpoint(id: string, changes: Partial<WebhookEndpointEntity>): Promise<void> {
    await this.endpoints.update({ id }, changes);
  }

  /** The endpoint and its deliveries; whether it was there. */
  async deleteEndpoint(m: EntityManager, userId: string, id: string): Promise<boolean> {
    const { affected } = await m.delete(WebhookEndpointEntity, { id, userId });
    await m.delete(WebhookDeliveryEntity, { endpointId: id });
    return Boolean(affected);
  }

  /** The user's enabled endpoints subscribed to `type`: one indexed read of at most MAX_WEBHOOK_ENDPOINTS rows. */
  async subscribed(m: EntityManager, userId: string, type: WebhookDeliveryType): Promise<WebhookEndpointEntity[]> {
    const rows = await m.find(WebhookEndpointEntity, { where: { userId, enabled: true } });
    return rows.filter((row) => (row.events as string[]).includes(type));
  }

  /** A success: the endpoint is no longer failing. */
  async clearFailing(id: string): Promise<void> {
    await this.endpoints.update({ id, failingSince: Not(IsNull()) }, { failingSince: null });
  }

  /** A failure: failing from `now` unless it was already. */
  async markFailing(id: string, now: Date): Promise<void> {
    await this.endpoints.update({ id, failingSince: IsNull() }, { failingSince: now });
  }

  /** Turns an enabled endpoint off; false when it was off already (another process did it). */
  async disable(id: string, reason: string | null): Promise<boolean> {
    const { affected } = await this.endpoints.update({ id, enabled: true }, { enabled: false, disabledReason: reason });
    return Boolean(affected);
  }

  // --- deliveries ---

  /** Waiting for their first try: `due` at `now` for the sweep, or not (a test event, sent by its caller alone). */
  async insertDeliveries(m: EntityManager, rows: NewDelivery[], now: Date, due = true): Promise<void> {
    if (!rows.length) return;
    await m.insert(
      WebhookDeliveryEntity,
      rows.map((row) => ({
        ...row,
        status: 'pending' as const,
        attempts: 0,
        attemptLog: [],
        nextAttemptAt: due ? now : null,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }

  /** Waiting deliveries due at `now` and not being sent, oldest first. */
  async dueIds(now: Date, take: number): Promise<string[]> {
    const rows = await this.deliveries.find({
      select: { id: true },
      where: { status: 'pending', nextAttemptAt: LessThanOrEqual(now), lockedUntil: Or(IsNull(), LessThan(now)) },
      order: { nextAttemptAt: 'ASC' },
      take,
    });
    return rows.map((row) => row.id);
  }

  /**
   * Takes the delivery for one try until `until`, when nobody else is sending it: `due` only if it
   * waits for a retry due at `now` (the sweep), else whatever its status (a replay). The row as taken, or null.
   */
  async claim(id: string, now: Date, until: Date, due: boolean): Promise<WebhookDeliveryEntity | null> {
    const free = { id, lockedUntil: Or(IsNull(), LessThan(now)) };
    const where = due ? { ...free, status: 'pending' as const, nextAttemptAt: LessThanOrEqual(now) } : free;
    const { affected } = await this.deliveries.update(where, { lockedUntil: until });
    if (!affected) return null;
    return this.deliveries.findOne({ where: { id, lockedUntil: until } });
  }

  /** Writes a try's outcome and hands the claim back, provided it is still ours. */
  async finishAttempt(id: string, claimedUntil: Date, outcome: AttemptOutcome): Promise<void> {
    await this.deliveries.update({ id, lockedUntil: claimedUntil }, { ...outcome, lockedUntil: null });
  }

  /** An endpoint turned off: its waiting deliveries give up (a replay can still send each). */
  async failPendingOf(endpointId: string, reason: string): Promise<void> {
    await this.deliveries.update(
      { endpointId, status: 'pending' },
      { status: 'failed', nextAttemptAt: null, lastError: reason },
    );
  }

  findDelivery(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOne({ where: { id } });
  }

  findOwnDelivery(userId: string, id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOne({ where: { id, userId } });
  }

  /** An endpoint's deliveries, newest first, and how many it has. */
  pageOfEndpoint(endpointId: string, skip: number, take: number): Promise<[WebhookDeliveryEntity[], number]> {
    return this.deliveries.findAndCount({
      where: { endpointId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip,
      take,
    });
  }

  /** Finished deliveries created before `before` (the purge); how many went. */
  async deleteFinishedBefore(before: Date): Promise<number> {
    const { affected } = await this.deliveries.delete({
      status: In(['delivered', 'failed']),
      createdAt: LessThan(before),
    });
    return affected ?? 0;
  }

  // --- the user's data: export and erasure ---

  endpointPageOf(userId: string, skip: number, take: number): Promise<WebhookEndpointEntity[]> {
    return this.endpoints.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  deliveryPageOf(userId: string, skip: number, take: number): Promise<WebhookDeliveryEntity[]> {
    return this.deliveries.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip, take });
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.deliveries.delete({ userId });
    await this.endpoints.delete({ userId });
  }
}
