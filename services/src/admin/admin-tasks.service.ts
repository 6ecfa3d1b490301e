import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AdminTask, AdminTaskRefundBody, AdminTaskRetryBody, AdminTasksQuery } from '@veo3/contracts/admin';
import { AuditLogService } from '../audit/audit-log.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsRepository } from '../credits/credits.repository';
import { CreditsService } from '../credits/credits.service';
import { afterCommit, isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import { TaskEventsService } from '../events/task-events.service';
import { UserRepository } from '../users/user.repository';
import { VIDEO_QUEUE, type VideoQueue } from '../video/queue/video-queue';
import { UNFINISHED, type VideoTaskEntity } from '../video/video-task.entity';
import { VideoTaskRepository } from '../video/video-task.repository';
import { auditedBy, type AdminActor } from './admin-actor';
import { AdminErrorCode, AdminException } from './admin.exception';
import { videoRefundKey } from '../video/video-ledger-keys';

/** Longer than any step of a generation takes: an unfinished task untouched (or unleased) this long is stuck. */
export const STUCK_AFTER_MS = 30 * 60 * 1000;

const isStuck = (t: VideoTaskEntity, now: number) =>
  UNFINISHED.includes(t.status) &&
  (t.updatedAt.getTime() < now - STUCK_AFTER_MS ||
    (t.lockedUntil !== null && t.lockedUntil.getTime() < now - STUCK_AFTER_MS));

const alreadyRefunded = () =>
  new AdminException(AdminErrorCode.TaskNotRefundable, "This task's credits were already refunded.");

/** Failed and stuck generations across users: refund (once) or queue again. */
@Injectable()
export class AdminTasksService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly tasks: VideoTaskRepository,
    private readonly users: UserRepository,
    private readonly ledger: CreditsRepository,
    private readonly credits: CreditsService,
    private readonly audit: AuditLogService,
    private readonly events: TaskEventsService,
    @Inject(VIDEO_QUEUE) private readonly queue: VideoQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Failed tasks, or stuck ones, most recently touched first. */
  async list(query: AdminTasksQuery) {
    const [rows, total] = await this.tasks.troubledPage(query.status, new Date(Date.now() - STUCK_AFTER_MS), {
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    });
    return { items: await this.describe(rows), page: query.page, page_size: query.page_size, total };
  }

  /** Tasks as the console shows them, with whether their credits went back (also used for a user's page). */
  private async describeOne(row: VideoTaskEntity, m?: EntityManager): Promise<AdminTask> {
    const [described] = await this.describe([row], m);
    return described!; // one described task per row given
  }

  async describe(rows: VideoTaskEntity[], m?: EntityManager): Promise<AdminTask[]> {
    if (!rows.length) return [];
    const [email, refunded] = await Promise.all([
      this.users.emailsOf(
        rows.map((t) => t.userId),
        m,
      ),
      this.ledger.keysWritten(
        rows.map((t) => videoRefundKey(t.id)),
        m,
      ),
    ]);
    const now = Date.now();
    return rows.map((t) => ({
      id: t.id,
      user_id: t.userId,
      user_email: email.get(t.userId) ?? '',
      model: t.model,
      kind: t.kind,
      status: t.status,
      prompt: t.prompt.slice(0, 300),
      credits: t.cost,
      error_code: t.errorCode,
      error_detail: t.errorMessage,
      refunded: refunded.has(videoRefundKey(t.id)),
      stuck: isStuck(t, now),
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
      finished_at: t.finishedAt ? t.finishedAt.toISOString() : null,
    }));
  }

  /**
   * Gives the task's credits back under the worker's own refund key, so whichever of the two comes
   * second (this, or the worker failing the task later) changes nothing. A finished video is not refunded.
   */
  async refund(id: string, body: AdminTaskRefundBody, actor: AdminActor) {
    try {
      return await this.transactions.run(async (m) => {
        const task = await this.find(m, id);
        if (task.status === 'completed') {
          throw new AdminException(AdminErrorCode.TaskNotRefundable, 'This video was made: it is not refunded.');
        }
        if (task.cost <= 0) throw new AdminException(AdminErrorCode.TaskNotRefundable, 'This task cost no credits.');
        const result = await this.credits.grant(
          {
            userId: task.userId,
            amount: task.cost,
            sourceType: 'refund',
            sourceId: task.id,
            description: 'Refund: the video could not be made',
            idempotencyKey: videoRefundKey(task.id),
          },
          m,
        );
        if (result.replayed) throw alreadyRefunded();
        await this.audit.record(m, {
          ...auditedBy(actor, body.reason),
          action: 'task.refund',
          targetType: 'task',
          targetId: task.id,
          before: { refunded: false, balance: result.balance - task.cost },
          after: { refunded: true, balance: result.balance },
        });
        return { task: await this.describeOne(task, m), credits_refunded: task.cost };
      });
    } catch (error) {
      // The worker or another admin refunded it in between: the same key's row won.
      if (isUniqueViolation(error)) throw alreadyRefunded();
      throw error;
    }
  }

  /**
   * Queues a failed or stuck task again, from the start, the way the worker schedules work. Its
   * charge stays as it is: the worker's refund key still gives an unrefunded task's credits back once
   * if it fails again, and a refunded one is retried free. The timeout counts from `created_at`, so
   * the retry starts that clock again.
   */
  async retry(id: string, body: AdminTaskRetryBody, actor: AdminActor) {
    const task = await this.transactions.run(async (m) => {
      // Locked on MySQL, so two retries at once see each other (SQLite runs one transaction at a time).
      const seen = await this.find(m, id, true);
      if (seen.status !== 'failed' && !isStuck(seen, Date.now())) {
        throw new AdminException(AdminErrorCode.TaskNotRetryable, 'Only a failed or stuck task can be retried.');
      }
      if (this.picturesPurged(seen)) {
        const days = this.config.retention.failedUploadDays;
        throw new AdminException(
          AdminErrorCode.TaskNotRetryable,
          `This task failed more than ${days} days ago; its uploaded pictures are deleted by now.`,
        );
      }
      const requeued = await this.tasks.requeue(m, id, seen.status, new Date());
      if (!requeued) {
        throw new AdminException(AdminErrorCode.TaskNotRetryable, 'The task changed meanwhile; reload and try again.');
      }
      await this.audit.record(m, {
        ...auditedBy(actor, body.reason ?? null),
        action: 'task.retry',
        targetType: 'task',
        targetId: id,
        before: { status: seen.status, error_code: seen.errorCode },
        after: { status: 'pending', error_code: null },
      });
      afterCommit(m, () => this.events.taskChanged(seen.userId, id));
      return this.find(m, id);
    });
    await this.queue.enqueue(task.id);
    return { task: await this.describeOne(task) };
  }

  /** A task failed longer ago than RETENTION_FAILED_UPLOAD_DAYS: the retention purge has (or may have) deleted its pictures. */
  private picturesPurged(task: VideoTaskEntity): boolean {
    const failedAt = task.finishedAt ?? task.updatedAt;
    const days = this.config.retention.failedUploadDays;
    return task.status === 'failed' && failedAt.getTime() < Date.now() - days * 24 * 3600_000;
  }

  private async find(m: EntityManager, id: string, lock = false): Promise<VideoTaskEntity> {
    const task = await this.tasks.findIn(m, id, lock);
    if (!task) throw new AdminException(AdminErrorCode.TaskNotFound, `No task ${id}`);
    return task;
  }
}
