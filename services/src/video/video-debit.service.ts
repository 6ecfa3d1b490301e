import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { GenerateResult } from '@veo3/contracts/video';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsErrorCode, CreditsException } from '../credits/credits.exception';
import { CreditsService } from '../credits/credits.service';
import { isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import { TaskEventsService } from '../events/task-events.service';
import { currentTraceParent } from '../telemetry/job-tracing';
import type { SessionUser } from '../users/session-user';
import { VIDEO_QUEUE, type VideoQueue } from './queue/video-queue';
import { VideoErrorCode, VideoException } from './video.exception';
import { videoDebitKey } from './video-ledger-keys';
import { VideoTaskRepository, type NewVideoTask } from './video-task.repository';

/** Who asked, with which Idempotency-Key (at most 100 characters, or null), for what (`requestHashOf`). */
export interface RequestKey {
  user: SessionUser;
  clientKey: string | null;
  requestHash: string;
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

/**
 * What generations, edits and extensions share once checked: the Idempotency-Key replay, the
 * credit pre-check, and the debit with the task row in one transaction, then the task scheduled.
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
    return { taskId: task.id, remainingCredits: balance };
  }

  /** The fields every new task starts with. */
  newTask({ user, clientKey, requestHash }: RequestKey, taskId: string) {
    return {
      id: taskId,
      userId: user.id,
      status: 'pending' as const,
      statusMessage: 'Waiting to start',
      provider: this.config.video.provider,
      callbackToken: randomBytes(24).toString('base64url'),
      traceParent: currentTraceParent(),
      clientKey,
      requestHash: clientKey ? requestHash : null,
      attempts: 0,
    };
  }

  /**
   * Before anything is stored or copied for a request: null when the balance covers `cost`; else the
   * task a concurrent twin of the request made (its replay), or the 402. The debit stays the conditional
   * update that decides; this only spares the work for a request that cannot be paid.
   */
  async shortOfCredits(request: RequestKey, cost: number, action: string): Promise<GenerateResult | null> {
    const balance = await this.credits.balanceOf(request.user.id);
    if (balance >= cost) return null;
    const replayed = await this.replayOf(request);
    if (replayed) return replayed;
    throw notEnoughCredits(action, cost, balance);
  }

  /**
   * The debit and the task row in one transaction, then the task scheduled; the balance after the
   * debit. A concurrent twin of the request (same Idempotency-Key) answers as its replay; too few
   * credits is a 402 saying what `action` costs.
   */
  async debitAndInsert(
    request: RequestKey,
    task: NewVideoTask,
    description: string,
    action: string,
  ): Promise<GenerateResult> {
    try {
      const remainingCredits = await this.transactions.run(async (m) => {
        const { balance } = await this.credits.debit(
          {
            userId: task.userId,
            amount: task.cost,
            sourceType: 'video',
            sourceId: task.id,
            description,
            idempotencyKey: videoDebitKey(task.id),
          },
          m,
        );
        await this.tasks.create(m, task);
        return balance;
      });
      this.events.taskChanged(task.userId, task.id);
      // The task is committed: if scheduling fails now, the worker's sweep schedules it later.
      await this.queue
        .enqueue(task.id)
        .catch((error: unknown) => this.logger.warn(`could not schedule ${task.id}: ${String(error)}`));
      return { taskId: task.id, remainingCredits };
    } catch (error) {
      const insufficient = error instanceof CreditsException && error.code === CreditsErrorCode.Insufficient;
      // The same request arrived twice at once: the other one created the task and paid for it (and
      // may have taken the last credits, so this debit found too few: the balance row's lock made it wait for that commit).
      const replayed =
        task.clientKey && (insufficient || isUniqueViolation(error)) ? await this.replayOf(request) : null;
      if (replayed) return replayed;
      if (insufficient) throw notEnoughCredits(action, task.cost, await this.credits.balanceOf(task.userId));
      throw error;
    }
  }
}
