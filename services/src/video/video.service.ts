import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, In, IsNull, MoreThanOrEqual, Not } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsErrorCode, CreditsException } from '../credits/credits.exception';
import { CreditsService } from '../credits/credits.service';
import { inTransaction, isUniqueViolation } from '../database/transaction';
import type { UserEntity } from '../users/user.entity';
import { findVideoModel, VIDEO_MODELS, videoCost, type VideoModelId } from '../catalogue/catalogue';
import { DEFAULT_ASPECT_RATIO, DEFAULT_RESOLUTION, type AspectRatio, type Resolution } from './generation-options';
import { checkImage } from './image-check';
import { checkGenerationOptions } from './options-check';
import type { VideoProvider } from './providers/video-provider';
import { VIDEO_QUEUE, type VideoQueue } from './queue/video-queue';
import { VideoAvailability } from './video-availability';
import { VideoErrorCode, VideoException } from './video.exception';
import { VIDEO_PROVIDER } from './video.tokens';
import { VideoStorage, type LinkKind } from './video-storage';
import { publicFailure, TASK_FAILURE_MESSAGES, type TaskFailure } from './task-failure';
import { UNFINISHED, VideoTaskEntity } from './video-task.entity';
import { EntityRows } from '../common/entity-rows';
import { TaskEventsService } from '../events/task-events.service';

export const MAX_PROMPT_LENGTH = 2000;
/** At most this many unfinished tasks come with the first history page. */
export const MAX_IN_PROGRESS = 20;
/** At most this many finished tasks come with a resumed event stream's snapshot (the newest). */
export const MAX_RESUMED = 50;

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

export interface PublicVideoTask {
  id: string;
  taskId: string;
  status: string;
  status_message: string | null;
  result_url: string | null;
  poster_url: string | null;
  /** A failed task's reason (a TaskFailure) and our message for it; never the provider's text. */
  error_code: TaskFailure | null;
  error_message: string | null;
  model: string;
  prompt: string;
  aspect_ratio: AspectRatio;
  resolution: Resolution;
  created_at: string;
  updated_at: string;
  /**
   * When the server gives up on the task (created_at + GENERATION_TIMEOUT_S): an unfinished task
   * is failed and refunded soon after. The generator polls until then.
   */
  expires_at: string;
}

@Injectable()
export class VideoService {
  private readonly logger = new Logger(VideoService.name);

  private readonly statusRows: EntityRows<VideoTaskEntity>;
  private readonly statusSql: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VIDEO_QUEUE) private readonly queue: VideoQueue,
    private readonly credits: CreditsService,
    private readonly storage: VideoStorage,
    private readonly availability: VideoAvailability,
    @Inject(VIDEO_PROVIDER) private readonly provider: VideoProvider,
    private readonly events: TaskEventsService,
  ) {
    this.statusRows = new EntityRows(dataSource, VideoTaskEntity);
    const shown = this.statusRows.columns('t', [
      'id',
      'status',
      'statusMessage',
      'resultPath',
      'posterPath',
      'errorCode',
      'model',
      'prompt',
      'aspectRatio',
      'resolution',
      'createdAt',
      'updatedAt',
    ]);
    this.statusSql = `SELECT ${shown} FROM video_tasks t WHERE t.id = :id AND t.user_id = :userId`;
  }

  /**
   * Checks the request in the spec's order, then debits the credits and creates the task in one
   * transaction, and schedules it. A request that fails a check changes nothing.
   */
  async generate(user: UserEntity | null, form: GenerateForm): Promise<{ taskId: string; remainingCredits: number }> {
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
    const options = checkGenerationOptions(
      {
        aspectRatio: form.aspectRatio,
        resolution: form.resolution,
        negativePrompt: form.negativePrompt,
        lastFrame: Boolean(form.lastFrame),
      },
      model.mode,
      this.provider.support,
    );
    const image = imageMode && form.image ? { data: form.image, ...(await checkImage(form.image)) } : null;
    const lastFrame =
      options.lastFrame && form.lastFrame ? { data: form.lastFrame, ...(await checkImage(form.lastFrame)) } : null;

    const clientKey = form.clientKey?.slice(0, 100) || null;
    // What the key stands for: the request after defaults and trimming, images by their content.
    const requestHash = sha256(
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
    const replay = clientKey ? await this.findByClientKey(user.id, clientKey, requestHash) : null;
    if (replay) return replay;

    // Refused before the debit: a request no provider model can serve must cost nothing.
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
      const remainingCredits = await inTransaction(this.dataSource, async (m) => {
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
        await m.insert(VideoTaskEntity, {
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
      });
      this.events.taskChanged(user.id, taskId);
      // The task is committed: if scheduling fails now, the worker's sweep schedules it later.
      await this.queue
        .enqueue(taskId)
        .catch((error: unknown) => this.logger.warn(`could not schedule ${taskId}: ${String(error)}`));
      return { taskId, remainingCredits };
    } catch (error) {
      for (const path of [imagePath, lastFramePath]) if (path) await this.storage.discardUpload(path);
      // The same request arrived twice at once: the other one created the task and paid for it.
      const replayed =
        clientKey && isUniqueViolation(error) ? await this.findByClientKey(user.id, clientKey, requestHash) : null;
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

  /** The task a key already made, provided this is the same request; another request under it is a 422. */
  private async findByClientKey(userId: string, clientKey: string, requestHash: string) {
    const task = await this.dataSource.getRepository(VideoTaskEntity).findOneBy({ userId, clientKey });
    if (!task) return null;
    if (task.requestHash && task.requestHash !== requestHash) {
      throw new VideoException(
        VideoErrorCode.IdempotencyKeyReused,
        'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
          'Send a new Idempotency-Key for a different video.',
      );
    }
    const { balance } = await this.credits.checkModel(userId, task.model);
    return { taskId: task.id, remainingCredits: balance };
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
    const task = await this.dataSource
      .getRepository(VideoTaskEntity)
      .findOne({ select: { id: true, status: true, callbackToken: true }, where: { id: taskId } });
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
  async status(user: UserEntity, taskId: string): Promise<PublicVideoTask> {
    const task = await this.publicTask(user.id, taskId);
    if (!task) throw new VideoException(VideoErrorCode.NotFound, 'Video task not found');
    return task;
  }

  /** What `status` answers for the task, or null when the user has no such task (for the event streams). */
  async publicTask(userId: string, taskId: string): Promise<PublicVideoTask | null> {
    const [row] = await this.statusRows.query(this.statusSql, { id: taskId, userId });
    return row ? this.toPublic(this.statusRows.hydrate(row)) : null;
  }

  /**
   * An event stream's snapshot: the user's unfinished tasks, and, when `finishedSince` is given (a
   * resumed stream), the newest MAX_RESUMED tasks finished since then; each list oldest first.
   */
  async eventSnapshot(
    userId: string,
    finishedSince: Date | null,
  ): Promise<{ unfinished: PublicVideoTask[]; finished: PublicVideoTask[] }> {
    const repository = this.dataSource.getRepository(VideoTaskEntity);
    const [unfinished, finished] = await Promise.all([
      repository.find({
        where: { userId, status: In(UNFINISHED) },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: MAX_IN_PROGRESS,
      }),
      finishedSince
        ? repository.find({
            where: { userId, status: In(['completed', 'failed']), finishedAt: MoreThanOrEqual(finishedSince) },
            order: { finishedAt: 'DESC', id: 'DESC' },
            take: MAX_RESUMED,
          })
        : [],
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
  async history(user: UserEntity, page: number, limit: number) {
    const repository = this.dataSource.getRepository(VideoTaskEntity);
    const [tasks, total] = await repository.findAndCount({
      where: { userId: user.id, status: 'completed', resultPath: Not(IsNull()) },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    const unfinished =
      page === 1
        ? await repository.find({
            where: { userId: user.id, status: In(UNFINISHED) },
            order: { createdAt: 'DESC', id: 'DESC' },
            take: MAX_IN_PROGRESS,
          })
        : [];
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
    viewer: UserEntity | null,
    exp?: number,
    sig?: string,
  ): Promise<string> {
    const task = await this.dataSource.getRepository(VideoTaskEntity).findOneBy({ id: taskId });
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
      aspect_ratio: task.aspectRatio,
      resolution: task.resolution,
      created_at: task.createdAt.toISOString(),
      updated_at: task.updatedAt.toISOString(),
      expires_at: new Date(task.createdAt.getTime() + this.config.video.timeoutSeconds * 1000).toISOString(),
    };
  }
}
