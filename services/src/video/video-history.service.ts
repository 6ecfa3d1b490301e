import { Inject, Injectable } from '@nestjs/common';
import type { DeletedVideoTask, HistoryVideo, PublicVideoTask, RecentTasks } from '@veo3/contracts/video';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { TaskEventsService } from '../events/task-events.service';
import { SharedVideoRepository } from '../sharing/shared-video.repository';
import type { SessionUser } from '../users/session-user';
import { taskEffectOf } from './task-effect';
import { failureMessage, publicFailure } from './task-failure';
import { VideoStorage } from './video-storage';
import { storedImages, UNFINISHED, type VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository } from './video-task.repository';
import { rootOf } from './video-versions';
import { VideoErrorCode, VideoException } from './video.exception';

/** At most this many unfinished tasks come with the first history page. */
export const MAX_IN_PROGRESS = 20;
/** At most this many finished tasks come with a resumed event stream's snapshot (the newest). */
export const MAX_RESUMED = 50;
/** A deleted task can be restored for this long; it is kept (row and files) meanwhile, then the retention purge deletes it. */
export const TASK_RESTORE_DAYS = 30;
const RESTORE_MS = TASK_RESTORE_DAYS * 24 * 3600 * 1000;
/** A delete racing a restore (or the other way round) tries its update at most this many times. */
const RACE_ATTEMPTS = 3;

const deletedTask = (id: string, deletedAt: Date): DeletedVideoTask => ({
  id,
  deleted_at: deletedAt.toISOString(),
  restorable_until: new Date(deletedAt.getTime() + RESTORE_MS).toISOString(),
});

/** A user's tasks as they see them: status, history, event stream snapshots, delete and restore. */
@Injectable()
export class VideoHistoryService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: VideoStorage,
    private readonly events: TaskEventsService,
    private readonly tasks: VideoTaskRepository,
    private readonly shares: SharedVideoRepository,
  ) {}

  /**
   * A task of the caller; another user's task is reported as missing. The browser polls it every few
   * seconds while a video is made: one fixed read of the columns it shows.
   */
  async status(user: SessionUser, taskId: string): Promise<PublicVideoTask> {
    const task = await this.publicTask(user.id, taskId);
    if (!task) throw new VideoException(VideoErrorCode.NotFound, 'Video not found');
    return task;
  }

  /**
   * Deletes a finished task of the caller from everything its owner sees (status, history, files,
   * events), restorable until the reply's `restorable_until`, and its shares for good. A second
   * delete answers the same. An
   * unfinished task is refused (its job and credits are still in flight); another user's is missing.
   */
  async deleteTask(user: SessionUser, taskId: string): Promise<DeletedVideoTask> {
    for (let attempt = 0; attempt < RACE_ATTEMPTS; attempt++) {
      const now = new Date();
      if (await this.tasks.markDeleted(user.id, taskId, now)) {
        // Its shared page goes for good (a restore brings the video back, not its public link).
        await this.shares.deleteOfTask(taskId);
        return deletedTask(taskId, now);
      }
      const task = await this.tasks.findDeletion(user.id, taskId);
      if (!task) break;
      if (task.deletedAt) return deletedTask(taskId, task.deletedAt);
      if (UNFINISHED.includes(task.status)) {
        throw new VideoException(
          VideoErrorCode.TaskUnfinished,
          'This video is still being made and cannot be deleted yet. Please try again once it is finished.',
        );
      }
      // Restored between the update and the read: try the update again.
    }
    throw new VideoException(VideoErrorCode.NotFound, 'Video not found');
  }

  /**
   * Undoes deleteTask while the task is restorable; the task as `status` answers it. A task that is
   * not deleted is answered as it is; one deleted longer ago, another user's or none is missing.
   */
  async restoreTask(user: SessionUser, taskId: string): Promise<PublicVideoTask> {
    let restored = false;
    for (let attempt = 0; attempt < RACE_ATTEMPTS; attempt++) {
      const deletedAfter = new Date(Date.now() - RESTORE_MS);
      restored = (await this.tasks.restore(user.id, taskId, deletedAfter)) || restored;
      const task = await this.publicTask(user.id, taskId);
      if (task) {
        // Other tabs put the task back in their History.
        if (restored) this.events.taskChanged(user.id, taskId);
        return task;
      }
      const deletion = await this.tasks.findDeletion(user.id, taskId);
      if (!deletion?.deletedAt || deletion.deletedAt <= deletedAfter) break;
      // Deleted again between the update and the read: try the update again.
    }
    throw new VideoException(VideoErrorCode.NotFound, 'Video not found');
  }

  /** What `status` answers for the task, or null when the user has no such task (for the event streams). */
  async publicTask(userId: string, taskId: string): Promise<PublicVideoTask | null> {
    const task = await this.tasks.findStatus(userId, taskId);
    return task ? this.toPublic(task) : null;
  }

  /**
   * An event stream's snapshot: the user's unfinished tasks, and, when `finishedSince` is given (a
   * resumed stream), the newest MAX_RESUMED tasks finished since then; each list oldest first.
   */
  async eventSnapshot(
    userId: string,
    finishedSince: Date | null,
  ): Promise<{ unfinished: PublicVideoTask[]; finished: PublicVideoTask[] }> {
    const [unfinished, finished] = await Promise.all([
      this.tasks.latestUnfinished(userId, MAX_IN_PROGRESS),
      finishedSince ? this.tasks.latestFinishedSince(userId, finishedSince, MAX_RESUMED) : [],
    ]);
    return {
      unfinished: unfinished.reverse().map((t) => this.toPublic(t)),
      finished: finished.reverse().map((t) => this.toPublic(t)),
    };
  }

  /**
   * The caller's videos (a first version and its edits and extensions) by their newest completed
   * version with a file, newest first, each with all those versions (newest first), paged and
   * counted by video on the server; deleted versions are left out. The first page also carries the
   * caller's unfinished tasks (`in_progress`, newest first, outside the paging and the counts), so
   * History can show what is still being made.
   */
  async history(user: SessionUser, page: number, limit: number) {
    const [videos, total] = await this.tasks.completedVideosPage(user.id, (page - 1) * limit, limit);
    const unfinished = page === 1 ? await this.tasks.latestUnfinished(user.id, MAX_IN_PROGRESS) : [];
    const items = videos.map(({ versions }): HistoryVideo => {
      const shown = versions.map((t) => this.toPublic(t));
      return { ...shown[0]!, versions: shown };
    });
    return {
      items,
      total,
      page,
      pages: Math.ceil(total / limit),
      in_progress: unfinished.map((t) => this.toPublic(t)),
    };
  }

  /**
   * GET /api/video/recent: the caller's latest `limit` tasks of every status and kind (not deleted),
   * newest first, and how many generations they have in the making against the limit.
   */
  async recent(user: SessionUser, limit: number): Promise<RecentTasks> {
    const [tasks, active] = await Promise.all([this.tasks.recentOf(user.id, limit), this.tasks.activeCount(user.id)]);
    return {
      items: tasks.map((t) => this.toPublic(t)),
      active,
      max_active: this.config.video.maxActivePerUser,
    };
  }

  private toPublic(task: VideoTaskEntity): PublicVideoTask {
    const failure = task.status === 'failed' ? publicFailure(task.errorCode) : null;
    const finished = task.status === 'completed';
    return {
      id: task.id,
      taskId: task.id,
      status: task.status,
      status_message: task.statusMessage,
      result_url: finished && task.resultPath ? this.storage.signedUrl(task.id) : null,
      poster_url: finished && task.posterPath ? this.storage.signedUrl(task.id, 'poster') : null,
      error_code: failure,
      error_message: failure && failureMessage(failure, task.effectInputs !== null),
      model: task.model,
      prompt: task.prompt,
      negative_prompt: task.negativePrompt,
      image_url: task.imagePath ? this.storage.signedUrl(task.id, 'upload') : null,
      last_frame_url: task.lastFramePath ? this.storage.signedUrl(task.id, 'last-frame') : null,
      aspect_ratio: task.aspectRatio,
      resolution: task.resolution,
      created_at: task.createdAt.toISOString(),
      updated_at: task.updatedAt.toISOString(),
      expires_at: new Date(task.createdAt.getTime() + this.config.video.timeoutSeconds * 1000).toISOString(),
      kind: task.kind,
      parent_task_id: task.parentTaskId,
      root_task_id: rootOf(task),
      instruction: task.instruction,
      duration_s: task.durationS,
      reference_image_urls: storedImages(task).map((_, i) => this.storage.signedUrl(`${task.id}/${i}`, 'reference')),
      seed: task.seed,
      batch_id: task.batchId,
      effect: taskEffectOf(task),
    };
  }
}
