import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { WebhookEventType, WebhookPayload } from '@veo3/contracts/webhooks';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SchemaGate } from '../database/schema-gate';
import { TransactionRunner } from '../database/transaction-runner';
import { RunOnceScheduler } from '../scheduling/run-once.scheduler';
import { WebhookDispatcher } from './webhook-dispatcher';
import { newDelivery } from './webhook-ids';
import { WebhookRepository } from './webhook.repository';

/** The run-once sweep that sends due deliveries (first tries left over, retries). */
export const DELIVERY_JOB = 'webhook-deliveries';
const DELIVERY_EVERY_MS = 2_000;
/** The run-once purge of finished deliveries past KEEP_DAYS. */
export const PURGE_JOB = 'webhook-purge';
const PURGE_EVERY_MS = 3600_000;
export const DELIVERY_KEEP_DAYS = 30;

/**
 * Turns what happens (a video finished, the balance fell low) into deliveries for the user's
 * subscribed endpoints, written in the caller's transaction where it has one, and has them sent:
 * at once by this process when it runs jobs, else by the sweep, which one process of all runs
 * every 2 s and which also sends every retry.
 */
@Injectable()
export class WebhookEvents implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookEvents.name);
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: TransactionRunner,
    private readonly repo: WebhookRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly scheduler: RunOnceScheduler,
    private readonly schema: SchemaGate,
  ) {}

  private get runsJobs(): boolean {
    return this.config.role === 'all' || this.config.role === 'worker';
  }

  // The video worker's shutdown stops the shared scheduler, these jobs with it.
  onApplicationBootstrap(): void {
    if (!this.runsJobs) return;
    const start = () => {
      this.scheduler.every(DELIVERY_JOB, DELIVERY_EVERY_MS, () => this.dispatcher.deliverDue().then(() => undefined));
      this.scheduler.every(PURGE_JOB, PURGE_EVERY_MS, () => this.purge().then(() => undefined));
    };
    if (this.schema.isCurrent()) start();
    else void this.schema.waitUntilCurrent().then(start);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.sending);
  }

  /**
   * In the caller's transaction: a delivery of `type` for each of the user's enabled endpoints
   * subscribed to it (one indexed read). Their ids, for `dispatch` once the transaction commits.
   */
  async record(m: EntityManager, userId: string, type: WebhookEventType, data: WebhookPayload['data']) {
    const now = new Date();
    const endpoints = await this.repo.subscribed(m, userId, type);
    const rows = endpoints.map((endpoint) => newDelivery(endpoint, type, data, now));
    await this.repo.insertDeliveries(m, rows, now);
    return rows.map((row) => row.id);
  }

  /** After the commit of `record`: the first tries, now in this process when it runs jobs (else the sweep's). */
  dispatch(ids: string[]): void {
    if (!this.runsJobs) return;
    for (const id of ids) {
      const sent = this.dispatcher
        .attempt(id, 'scheduled')
        .catch((error: unknown) => this.logger.warn(`webhook delivery ${id}: ${String(error)}`))
        .finally(() => this.sending.delete(sent));
      this.sending.add(sent);
    }
  }

  /**
   * `record` on its own (one read, then at most one INSERT of all rows, atomic by itself), then
   * `dispatch`; a failure is logged, never thrown (the event already happened).
   */
  async emit(userId: string, type: WebhookEventType, data: WebhookPayload['data']): Promise<void> {
    try {
      this.dispatch(await this.record(this.transactions.manager, userId, type, data));
    } catch (error) {
      this.logger.error(`could not record the ${type} webhook of user ${userId}: ${String(error)}`);
    }
  }

  /** After a debit: credits.low when it took the balance from at or above the threshold to below it. */
  async creditsChanged(userId: string, before: number, after: number): Promise<void> {
    const threshold = this.config.webhooks.creditsLowThreshold;
    if (before >= threshold && after < threshold) await this.emit(userId, 'credits.low', { balance: after, threshold });
  }

  /** Finished deliveries older than DELIVERY_KEEP_DAYS go (docs/OPERATIONS.md, Personal data); how many. */
  async purge(now = new Date()): Promise<number> {
    const purged = await this.repo.deleteFinishedBefore(new Date(now.getTime() - DELIVERY_KEEP_DAYS * 86_400_000));
    if (purged) this.logger.log(`purged ${purged} webhook deliveries older than ${DELIVERY_KEEP_DAYS} days`);
    return purged;
  }
}
