import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { GenerateResult } from '@veo3/contracts/video';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { ApiKeysErrorCode, ApiKeysException } from '../api-keys/api-keys.exception';
import { monthStart } from '../common/month-start';
import { CreditsErrorCode, CreditsException } from '../credits/credits.exception';
import { CreditsService } from '../credits/credits.service';
import { isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import { TaskEventsService } from '../events/task-events.service';
import { WebhookEvents } from '../webhooks/webhook-events.service';
import { SharedVideoRepository } from '../sharing/shared-video.repository';
import { currentTraceParent } from '../telemetry/job-tracing';
import type { SessionUser } from '../users/session-user';
import { VIDEO_QUEUE, type VideoQueue } from './queue/video-queue';
import { remixUnavailable, VideoErrorCode, VideoException } from './video.exception';
import { videoDebitKey } from './video-ledger-keys';
import { VideoTaskRepository, type NewVideoTask } from './video-task.repository';

/** The results replayOf answered (an earlier request's tasks), told apart without a field on the wire. */
const REPLAYS = new WeakSet<GenerateResult>();

/** Whether `result` answers a request its Idempotency-Key had already made (the developer API says so). */
export const isReplay = (result: GenerateResult): boolean => REPLAYS.has(result);

/** The API key a request came through, with its monthly cap in credits (null: none). */
export interface ApiKeyCharge {
  id: string;
  monthlyCap: number | null;
}

/** Who asked, with which Idempotency-Key (at most 100 characters, or null), for what (`requestHashOf`). */
export interface RequestKey {
  user: SessionUser;
  clientKey: string | null;
  requestHash: string;
  /** Through an API key (`/v1`, `/mcp`); absent or null from the site. */
  apiKey?: ApiKeyCharge | null;
  /** The share a generation remixes ("Make one like this"); absent or null otherwise. */
  remixOf?: string | null;
}

/** What an Idempotency-Key stands for: a hash of the request's parts, in a fixed order. */
export const requestHashOf = (parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** The Idempotency-Key header as kept: at most 100 characters, null when missing or empty. */
export const clientKeyOf = (raw: string | null | undefined): string | null => raw?.slice(0, 100) || null;

const notEnoughCredits = (action: string, cost: number, balance: number) =>
  new VideoException(
    VideoErrorCode.InsufficientCredits,
    `Not enough credits! ${action} requires ${cost} credits, you currently have ${balance} credits`,
  );

/** The 409 of a user who already has `limit` (VIDEO_MAX_ACTIVE_PER_USER) generations in the making. */
const tooManyActive = (limit: number) =>
  new VideoException(
    VideoErrorCode.TooManyActive,
    `You already have ${limit} videos being made. Please wait for one to finish before starting another. No credits were taken.`,
  );

const isTooManyActive = (error: unknown) =>
  error instanceof VideoException && error.code === VideoErrorCode.TooManyActive;

/**
 * What generations, edits and extensions share once checked: the Idempotency-Key replay, the
 * pre-check of the per-user limit and the credits, and the debits with the task rows in one
 * transaction (the limit decided in it), then the tasks scheduled.
 */
@Injectable()
export class VideoDebitService {
  private readonly logger = new Logger(VideoDebitService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VIDEO_QUEUE) private readonly queue: VideoQueue,
    private readonly credits: CreditsService,
    private readonly events: TaskEventsService,
    private readonly tasks: VideoTaskRepository,
    private readonly webhooks: WebhookEvents,
    private readonly shares: SharedVideoRepository,
  ) {}

  /**
   * The task the request's Idempotency-Key already made (null without a key or a task); the same
   * key with another request is a 422.
   */
  async replayOf({ user, clientKey, requestHash }: RequestKey): Promise<GenerateResult | null> {
    if (!clientKey) return null;
    const task = await this.tasks.findByClientKey(user.id, clientKey);
    if (!task) return null;
    if (task.requestHash && task.requestHash !== requestHash) {
      throw new VideoException(
        VideoErrorCode.IdempotencyKeyReused,
        'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
          'Send a new Idempotency-Key for a different video.',
      );
    }
    const { balance } = await this.credits.checkModel(user.id, task.model);
    const taskIds = task.batchId ? await this.tasks.batchIds(user.id, task.batchId) : [task.id];
    const result = { taskId: task.id, taskIds, remainingCredits: balance };
    REPLAYS.add(result);
    return result;
  }

  /** The fields every new task starts with; `provider` is the one that serves its model now. */
  newTask({ user, clientKey, requestHash, apiKey, remixOf }: RequestKey, taskId: string, provider: string) {
    return {
      id: taskId,
      userId: user.id,
      apiKeyId: apiKey?.id ?? null,
      remixOf: remixOf ?? null,
      status: 'pending' as const,
      statusMessage: 'Waiting to start',
      provider,
      callbackToken: randomBytes(24).toString('base64url'),
      traceParent: currentTraceParent(),
      clientKey,
      requestHash: clientKey ? requestHash : null,
      attempts: 0,
    };
  }

  /**
   * Before anything is stored or copied for a request: null when the user may start one more
   * generation and the balance covers `cost`; else the task a concurrent twin of the request made
   * (its replay), or the 409 or the 402. The transaction of debitAndInsert decides again; this only
   * spares the work for a request that cannot go ahead.
   */
  async precheck(request: RequestKey, cost: number, action: string): Promise<GenerateResult | null> {
    const { id } = request.user;
    const limit = this.config.video.maxActivePerUser;
    const [active, balance] = await Promise.all([this.tasks.activeCount(id), this.credits.balanceOf(id)]);
    if (active < limit && balance >= cost) return null;
    const replayed = await this.replayOf(request);
    if (replayed) return replayed;
    if (active >= limit) throw tooManyActive(limit);
    throw notEnoughCredits(action, cost, balance);
  }

  /**
   * In one transaction: the user's balance row locked, the generations in the making counted under
   * that lock (so two requests at the limit cannot both pass), then each task's debit and row; then
   * the tasks scheduled. The balance after the debits. A concurrent twin of the request (same
   * Idempotency-Key) answers as its replay; too few credits is a 402 saying what `action` costs in all.
   */
  async debitAndInsert(
    request: RequestKey,
    tasks: NewVideoTask[],
    description: string | ((task: NewVideoTask) => string),
    action: string,
  ): Promise<GenerateResult> {
    const { id: userId } = request.user;
    try {
      const remainingCredits = await this.transactions.run(async (m) => {
        await this.credits.lockBalance(userId, m);
        if (request.apiKey) await this.checkCap(m, request.apiKey, tasks);
        return this.insertPaid(m, userId, tasks, description);
      });
      for (const task of tasks) this.events.taskChanged(userId, task.id);
      const spent = tasks.reduce((sum, t) => sum + t.cost, 0);
      await this.webhooks.creditsChanged(userId, remainingCredits + spent, remainingCredits);
      // The tasks are committed: if scheduling fails now, the worker's sweep schedules them later.
      for (const task of tasks)
        await this.queue
          .enqueue(task.id)
          .catch((error: unknown) => this.logger.warn(`could not schedule ${task.id}: ${String(error)}`));
      return { taskId: tasks[0]!.id, taskIds: tasks.map((t) => t.id), remainingCredits };
    } catch (error) {
      const insufficient = error instanceof CreditsException && error.code === CreditsErrorCode.Insufficient;
      // The same request arrived twice at once: the other one created the tasks and paid for them (and
      // may have taken the last credits or place: the balance row's lock made this one wait for that commit).
      const twin = insufficient || isTooManyActive(error) || isUniqueViolation(error);
      const replayed = request.clientKey && twin ? await this.replayOf(request) : null;
      if (replayed) return replayed;
      const total = tasks.reduce((sum, t) => sum + t.cost, 0);
      if (insufficient) throw notEnoughCredits(action, total, await this.credits.balanceOf(userId));
      throw error;
    }
  }

  /**
   * Under the owner's balance lock (so two requests through one key take turns): a 402 when the
   * tasks would take the key past its monthly cap. Nothing is charged then.
   */
  private async checkCap(m: EntityManager, apiKey: ApiKeyCharge, tasks: NewVideoTask[]): Promise<void> {
    if (apiKey.monthlyCap === null) return;
    const cost = tasks.reduce((sum, t) => sum + t.cost, 0);
    const spent = await this.tasks.spentByKey(m, apiKey.id, monthStart());
    if (spent + cost <= apiKey.monthlyCap) return;
    throw new ApiKeysException(
      ApiKeysErrorCode.CapReached,
      `This API key may spend ${apiKey.monthlyCap} credits a month; it has spent ${spent}, and this costs ${cost}. No credits were taken.`,
    );
  }

  /** debitAndInsert's transaction after the lock: the limit, then a ledger line and a row per task; the balance after. */
  private async insertPaid(
    m: EntityManager,
    userId: string,
    tasks: NewVideoTask[],
    description: string | ((task: NewVideoTask) => string),
  ) {
    const limit = this.config.video.maxActivePerUser;
    if ((await this.tasks.activeCount(userId, m)) >= limit) throw tooManyActive(limit);
    let balance = 0;
    const madeAt = Date.now();
    for (const [i, task] of tasks.entries()) {
      ({ balance } = await this.credits.debit(
        {
          userId,
          amount: task.cost,
          sourceType: 'video',
          sourceId: task.id,
          description: typeof description === 'string' ? description : description(task),
          idempotencyKey: videoDebitKey(task.id),
        },
        m,
      ));
      await this.tasks.create(m, task, new Date(madeAt + i));
      // A remix counts on its share once per task made, in the task's own transaction (a replay makes none).
      if (task.remixOf && !(await this.shares.countRemix(m, task.remixOf))) throw remixUnavailable();
    }
    return balance;
  }
}
