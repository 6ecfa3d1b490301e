import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsErrorCode, CreditsException } from '../credits/credits.exception';
import { CreditsService } from '../credits/credits.service';
import { inTransaction, isUniqueViolation } from '../database/transaction';
import type { SessionUser } from '../users/session-user';
import { findVideoModel, VIDEO_MODELS, videoCost, type VideoModelId } from '@veo3/contracts/catalogue';
import { DEFAULT_ASPECT_RATIO, DEFAULT_RESOLUTION } from '@veo3/contracts/generation-options';
import { checkImage } from './image-check';
import { checkGenerationOptions } from './options-check';
import type { VideoProvider } from './providers/video-provider';
import { VIDEO_QUEUE, type VideoQueue } from './queue/video-queue';
import { VideoAvailability } from './video-availability';
import { VideoErrorCode, VideoException } from './video.exception';
import { VIDEO_PROVIDER } from './video.tokens';
import { VideoStorage, type LinkKind } from './video-storage';
import { publicFailure, TASK_FAILURE_MESSAGES } from './task-failure';
import { UNFINISHED, type VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository } from './video-task.repository';
import { TaskEventsService } from '../events/task-events.service';
import type { DeletedVideoTask, PublicVideoTask } from '@veo3/contracts/video';
import { MAX_PROMPT_LENGTH } from '@veo3/contracts/generation-options';

/** At most this many unfinished tasks come with the first history page. */
export const MAX_IN_PROGRESS = 20;
/** At most this many finished tasks come with a resumed event stream's snapshot (the newest). */
export const MAX_RESUMED = 50;
/** A deleted task can be restored for this long; it is kept (row and files) meanwhile, and no job purges it yet. */
export const TASK_RESTORE_DAYS = 30;
const RESTORE_MS = TASK_RESTORE_DAYS * 24 * 3600 * 1000;
/** A delete racing a restore (or the other way round) tries its update at most this many times. */
const RACE_ATTEMPTS = 3;

const deletedTask = (id: string, deletedAt: Date): DeletedVideoTask => ({
  id,
  deleted_at: deletedAt.toISOString(),
  restorable_until: new Date(deletedAt.getTime() + RESTORE_MS).toISOString(),
});

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export interface GenerateForm {
  prompt?: string;
  model?: string;
  image?: Buffer | null;
  aspectRatio?: string;
  resolution?: string;
  negativePrompt?: string;
  lastFrame?: Buffer | null;
  /** The Idempotency-Key header, when the client sent one. */
  clientKey?: string | null;
}

export interface GenerateResult {
  taskId: string;
  remainingCredits: number;
}

/** A generation request that passed its checks (VideoService.checkRequest). */
interface CheckedRequest {
  user: SessionUser;
  prompt: string;
  model: NonNullable<ReturnType<typeof findVideoModel>>;
  options: ReturnType<typeof checkGenerationOptions>;
  image: CheckedImage | null;
  lastFrame: CheckedImage | null;
  /** The Idempotency-Key (at most 100 characters), or null. */
  clientKey: string | null;
  /** What the key stands for: the request after defaults and trimming, images by their content. */
  requestHash: string;
}

type CheckedImage = { data: Buffer } & Awaited<ReturnType<typeof checkImage>>;

/** What an Idempotency-Key stands for: the request after defaults and trimming, images by their content. */
function requestHashOf(r: Omit<CheckedRequest, 'clientKey' | 'requestHash'>): string {
  const { model, prompt, options, image, lastFrame } = r;
  return sha256(
    JSON.stringify([
      model.id,
      prompt,
      options.aspectRatio,
      options.resolution,
      options.negativePrompt,
      image && sha256(image.data),
      lastFrame && sha256(lastFrame.data),
    ]),
  );
}

@Injectable()
export class VideoService {
  private readonly logger = new Logger(VideoService.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VIDEO_QUEUE) private readonly queue: VideoQueue,
    private readonly credits: CreditsService,
    private readonly storage: VideoStorage,
    private readonly availability: VideoAvailability,
    @Inject(VIDEO_PROVIDER) private readonly provider: VideoProvider,
    private readonly events: TaskEventsService,
    private readonly tasks: VideoTaskRepository,
  ) {}

  /**
   * Checks the request in the spec's order, then debits the credits and creates the task in one
   * transaction, and schedules it. A request that fails a check changes nothing.
   */
  async generate(user: SessionUser | null, form: GenerateForm): Promise<GenerateResult> {
    const request = await this.checkRequest(user, form);
    const replay = await this.replayOf(request);
    if (replay) return replay;
    return this.debitAndCreate(request);
  }

  /**
   * Step 1: the request's checks in the spec's order (prompt, image, sign-in, model, options,
   * images), and what its Idempotency-Key stands for. Nothing is written.
   */
  private async checkRequest(user: SessionUser | null, form: GenerateForm): Promise<CheckedRequest> {
    const prompt = (form.prompt ?? '').trim();
    if (!prompt) throw new VideoException(VideoErrorCode.PromptRequired, 'Please enter a prompt');
    if (prompt.length > MAX_PROMPT_LENGTH) {
      throw new VideoException(
        VideoErrorCode.PromptTooLong,
        `The prompt is too long: at most ${MAX_PROMPT_LENGTH} characters`,
      );
    }
    const model = findVideoModel(form.model ?? '');
    const imageMode = model?.mode === 'image';
    if (imageMode && !form.image) {
      throw new VideoException(
        VideoErrorCode.ImageRequired,
        'Image to Video mode requires an image. Please upload an image.',
      );
    }
    if (!user) throw new VideoException(VideoErrorCode.NotSignedIn, 'Please login before generating a video');
    if (!model) throw new VideoException(VideoErrorCode.UnknownModel, `Unknown model: ${form.model ?? ''}`);
    const { aspectRatio, resolution, negativePrompt } = form;
    const options = checkGenerationOptions(
      { aspectRatio, resolution, negativePrompt, lastFrame: Boolean(form.lastFrame) },
      model.mode,
      this.provider.support,
    );
    const image = imageMode && form.image ? { data: form.image, ...(await checkImage(form.image)) } : null;
    const lastFrame =
      options.lastFrame && form.lastFrame ? { data: form.lastFrame, ...(await checkImage(form.lastFrame)) } : null;
    const checked = { user, prompt, model, options, image, lastFrame };
    return { ...checked, clientKey: form.clientKey?.slice(0, 100) || null, requestHash: requestHashOf(checked) };
  }

  /**
   * Step 2: the task the request's Idempotency-Key already made (null without a key or a task);
   * the same key with another request is a 422.
   */
  private async replayOf(request: CheckedRequest): Promise<GenerateResult | null> {
    const { user, clientKey, requestHash } = request;
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

  /**
   * Step 3: refused while no provider model serves the request (before any credit is taken); else
   * the uploads are stored, the credits debited and the task created in one transaction, and the
   * task scheduled. A failure discards the uploads; a concurrent twin of the request answers as a replay.
   */
  private async debitAndCreate(request: CheckedRequest): Promise<GenerateResult> {
    const { user, model, options, image, lastFrame, clientKey } = request;
    await this.availability.ready();
    if (this.availability.target(model.id).providerModel === null) {
      throw new VideoException(
        VideoErrorCode.Unavailable,
        'Video generation is unavailable right now. No credits were taken; please try again later.',
      );
    }
    const cost = videoCost(model, options.resolution);
    const taskId = randomUUID();
    const imagePath = image ? await this.storage.saveUpload(taskId, image.data, image.ext) : null;
    const lastFramePath = lastFrame
      ? await this.storage.saveUpload(taskId, lastFrame.data, lastFrame.ext, '-last')
      : null;
    try {
      const remainingCredits = await inTransaction(this.dataSource, (m) =>
        this.debitAndInsert(m, request, { taskId, cost, imagePath, lastFramePath }),
      );
      this.events.taskChanged(user.id, taskId);
      // The task is committed: if scheduling fails now, the worker's sweep schedules it later.
      await this.queue
        .enqueue(taskId)
        .catch((error: unknown) => this.logger.warn(`could not schedule ${taskId}: ${String(error)}`));
      return { taskId, remainingCredits };
    } catch (error) {
      for (const path of [imagePath, lastFramePath]) if (path) await this.storage.discardUpload(path);
      // The same request arrived twice at once: the other one created the task and paid for it.
      const replayed = clientKey && isUniqueViolation(error) ? await this.replayOf(request) : null;
      if (replayed) return replayed;
      if (error instanceof CreditsException && error.code === CreditsErrorCode.Insufficient) {
        const balance = (await this.credits.checkModel(user.id, model.id)).balance;
        throw new VideoException(
          VideoErrorCode.InsufficientCredits,
          `Not enough credits! Generating a ${model.name} video requires ${cost} credits, you currently have ${balance} credits`,
        );
      }
      throw error;
    }
  }

  /** Inside step 3's transaction: the debit, then the task row; the balance after the debit. */
  private async debitAndInsert(
    m: EntityManager,
    request: CheckedRequest,
    task: { taskId: string; cost: number; imagePath: string | null; lastFramePath: string | null },
  ): Promise<number> {
    const { user, prompt, model, options, image, lastFrame, clientKey, requestHash } = request;
    const { taskId, cost, imagePath, lastFramePath } = task;
    const { balance } = await this.credits.debit(
      {
        userId: user.id,
        amount: cost,
        sourceType: 'video',
        sourceId: taskId,
        description: `${model.name} video`,
        idempotencyKey: `video:${taskId}:debit`,
      },
      m,
    );
    await this.tasks.create(m, {
      id: taskId,
      userId: user.id,
      model: model.id,
      prompt,
      aspectRatio: options.aspectRatio,
      resolution: options.resolution,
      negativePrompt: options.negativePrompt,
      status: 'pending',
      statusMessage: 'Waiting to start',
      cost,
      provider: this.config.video.provider,
      imagePath,
      imageMime: image?.mime ?? null,
      lastFramePath,
      lastFrameMime: lastFrame?.mime ?? null,
      callbackToken: randomBytes(24).toString('base64url'),
      clientKey,
      requestHash: clientKey ? requestHash : null,
      attempts: 0,
    });
    return balance;
  }

  /**
   * What the generator may offer now: the provider's options, the price at each resolution, and
   * per model whether it can be used (with a message for the user when not).
   */
  async options() {
    await this.availability.ready();
    const { support } = this.provider;
    const models = Object.fromEntries(
      (Object.keys(VIDEO_MODELS) as VideoModelId[]).map((id) => {
        const available = this.availability.target(id).providerModel !== null;
        return [
          id,
          {
            available,
            message: available ? null : 'Video generation is unavailable right now. Please try again later.',
            prices: VIDEO_MODELS[id].prices,
          },
        ];
      }),
    );
    return {
      defaults: { aspect_ratio: DEFAULT_ASPECT_RATIO, resolution: DEFAULT_RESOLUTION },
      shapes: support.shapes.map((s) => ({ aspect_ratio: s.aspectRatio, resolution: s.resolution })),
      negative_prompt: support.negativePrompt,
      last_frame: support.lastFrame,
      models,
    };
  }

  /**
   * A provider's callback for a task: with the task's token it only asks the worker to read the
   * task from the provider now. It carries no result, so a forged or replayed one changes nothing.
   */
  async wake(taskId: string, token: string | undefined): Promise<void> {
    const task = await this.tasks.findForCallback(taskId);
    const expected = Buffer.from(task?.callbackToken ?? '');
    const given = Buffer.from(token ?? '');
    if (!task || !expected.length || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new VideoException(VideoErrorCode.NotFound, 'Video task not found');
    }
    if (UNFINISHED.includes(task.status)) await this.queue.enqueue(task.id);
  }

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
   * events), restorable until the reply's `restorable_until`. A second delete answers the same. An
   * unfinished task is refused (its job and credits are still in flight); another user's is missing.
   */
  async deleteTask(user: SessionUser, taskId: string): Promise<DeletedVideoTask> {
    for (let attempt = 0; attempt < RACE_ATTEMPTS; attempt++) {
      const now = new Date();
      if (await this.tasks.markDeleted(user.id, taskId, now)) return deletedTask(taskId, now);
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
   * The caller's completed videos with a file, newest first, paged and counted on the server; the
   * first page also carries the caller's unfinished tasks (`in_progress`, newest first, outside the
   * paging and the counts), so History can show what is still being made.
   */
  async history(user: SessionUser, page: number, limit: number) {
    const [tasks, total] = await this.tasks.completedPage(user.id, (page - 1) * limit, limit);
    const unfinished = page === 1 ? await this.tasks.latestUnfinished(user.id, MAX_IN_PROGRESS) : [];
    return {
      items: tasks.map((t) => this.toPublic(t)),
      total,
      page,
      pages: Math.ceil(total / limit),
      in_progress: unfinished.map((t) => this.toPublic(t)),
    };
  }

  /**
   * The stored file of a task (its finished video, or its uploaded image), for its owner or for a
   * valid signed link; a path relative to the storage folder of that kind.
   */
  async fileFor(
    kind: LinkKind,
    taskId: string,
    viewer: SessionUser | null,
    exp?: number,
    sig?: string,
  ): Promise<string> {
    const found = await this.tasks.findById(taskId);
    // A deleted task's files are kept for its restore, but served to nobody.
    const task = found?.deletedAt ? null : found;
    const allowed =
      task &&
      (viewer?.id === task.userId || (exp !== undefined && sig && this.storage.verifyLink(kind, taskId, exp, sig)));
    const path = {
      file: task?.resultPath,
      upload: task?.imagePath,
      'last-frame': task?.lastFramePath,
      poster: task?.posterPath,
    }[kind];
    if (!path || !allowed) {
      if (task && sig && !viewer)
        throw new VideoException(
          VideoErrorCode.LinkExpired,
          'This video link has expired. Open the video again from your history.',
        );
      throw new VideoException(VideoErrorCode.NotFound, 'Video not found');
    }
    return path;
  }

  private toPublic(task: VideoTaskEntity): PublicVideoTask {
    const failure = task.status === 'failed' ? publicFailure(task.errorCode) : null;
    return {
      id: task.id,
      taskId: task.id,
      status: task.status,
      status_message: task.statusMessage,
      result_url: task.status === 'completed' && task.resultPath ? this.storage.signedUrl(task.id) : null,
      poster_url: task.status === 'completed' && task.posterPath ? this.storage.signedUrl(task.id, 'poster') : null,
      error_code: failure,
      error_message: failure && TASK_FAILURE_MESSAGES[failure],
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
    };
  }
}
