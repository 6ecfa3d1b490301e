import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsErrorCode, CreditsException } from '../credits/credits.exception';
import { CreditsService } from '../credits/credits.service';
import { StorageErrorCode, StorageException } from '../storage/storage.exception';
import { isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import type { SessionUser } from '../users/session-user';
import {
  EXTEND_SECONDS,
  findVideoModel,
  MAX_VIDEO_SECONDS,
  VIDEO_DURATION_SECONDS,
  VIDEO_MODELS,
  videoCost,
  type VideoModelId,
} from '@veo3/contracts/catalogue';
import { DEFAULT_ASPECT_RATIO, DEFAULT_RESOLUTION } from '@veo3/contracts/generation-options';
import { checkUploadedImage } from './image-check';
import type { UploadedFile } from './uploaded-file';
import { checkDuration, checkGenerationOptions, checkPrompt } from './options-check';
import type { VideoProvider } from './providers/video-provider';
import { VIDEO_QUEUE, type VideoQueue } from './queue/video-queue';
import { VideoAvailability } from './video-availability';
import { VideoErrorCode, VideoException } from './video.exception';
import { VIDEO_PROVIDER } from './video.tokens';
import { VideoStorage, type LinkKind } from './video-storage';
import { publicFailure, TASK_FAILURE_MESSAGES } from './task-failure';
import { UNFINISHED, type StoredImage, type VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository, type NewVideoTask } from './video-task.repository';
import { EDITABLE_MODEL, providerParent, rootOf, withParentVideo } from './video-versions';
import { TaskEventsService } from '../events/task-events.service';
import {
  MAX_REFERENCE_IMAGES,
  type DeletedVideoTask,
  type EditRequest,
  type ExtendRequest,
  type HistoryVideo,
  type PublicVideoTask,
} from '@veo3/contracts/video';
import { currentTraceParent } from '../telemetry/job-tracing';
import { videoDebitKey } from './video-ledger-keys';

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

const notEnoughCredits = (action: string, cost: number, balance: number) =>
  new VideoException(
    VideoErrorCode.InsufficientCredits,
    `Not enough credits! ${action} requires ${cost} credits, you currently have ${balance} credits`,
  );

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export interface GenerateForm {
  prompt?: string;
  model?: string;
  image?: UploadedFile | null;
  aspectRatio?: string;
  resolution?: string;
  negativePrompt?: string;
  lastFrame?: UploadedFile | null;
  /** Seconds, as sent (a model priced per second). */
  duration?: string;
  /** Omni: pictures of a character or product to carry into the shot. */
  referenceImages?: UploadedFile[];
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
  /** The video's length in seconds. */
  duration: number;
  referenceImages: CheckedImage[];
  /** The Idempotency-Key (at most 100 characters), or null. */
  clientKey: string | null;
  /** What the key stands for: the request after defaults and trimming, images by their content. */
  requestHash: string;
}

type CheckedImage = { file: UploadedFile } & Awaited<ReturnType<typeof checkUploadedImage>>;

/** What an Idempotency-Key stands for: the request after defaults and trimming, images by their content. */
function requestHashOf(r: Omit<CheckedRequest, 'clientKey' | 'requestHash'>): string {
  const { model, prompt, options, image, lastFrame, duration, referenceImages } = r;
  return sha256(
    JSON.stringify([
      model.id,
      prompt,
      options.aspectRatio,
      options.resolution,
      options.negativePrompt,
      image && image.file.sha256,
      lastFrame && lastFrame.file.sha256,
      // Only when set, so a key sent before lengths and references existed still means the same request.
      ...(duration !== VIDEO_DURATION_SECONDS || referenceImages.length
        ? [duration, referenceImages.map((reference) => reference.file.sha256)]
        : []),
    ]),
  );
}

/** An edit by instruction or an extension by some seconds, of a finished Omni video. */
type Revision = ({ kind: 'edit' } & EditRequest) | ({ kind: 'extend' } & ExtendRequest);

const PAST_TENSE = { edit: 'edited', extend: 'extended' } as const;

/** A task's reference images as stored, in the order given. */
function storedImages(task: Pick<VideoTaskEntity, 'referenceImages'>): StoredImage[] {
  return task.referenceImages ? (JSON.parse(task.referenceImages) as StoredImage[]) : [];
}

@Injectable()
export class VideoService {
  private readonly logger = new Logger(VideoService.name);

  constructor(
    private readonly transactions: TransactionRunner,
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
    const prompt = checkPrompt(form.prompt);
    const model = findVideoModel(form.model ?? '');
    // A model of both modes (Omni) works from text, or from a first frame when one is sent.
    const mode = model?.mode === 'both' ? (form.image ? 'image' : 'text') : model?.mode;
    const imageMode = mode === 'image';
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
      imageMode ? 'image' : 'text',
      this.provider.support,
    );
    const duration = checkDuration(form.duration, model);
    const references = form.referenceImages ?? [];
    if (references.length && model.id !== VIDEO_MODELS.omni.id) {
      throw new VideoException(VideoErrorCode.BadOption, `Reference images need ${VIDEO_MODELS.omni.name}`);
    }
    if (references.length > MAX_REFERENCE_IMAGES) {
      throw new VideoException(
        VideoErrorCode.BadOption,
        `At most ${MAX_REFERENCE_IMAGES} reference images can be used; you sent ${references.length}`,
      );
    }
    const check = async (file: UploadedFile): Promise<CheckedImage> => ({ file, ...(await checkUploadedImage(file)) });
    const image = imageMode && form.image ? await check(form.image) : null;
    const lastFrame = options.lastFrame && form.lastFrame ? await check(form.lastFrame) : null;
    const referenceImages: CheckedImage[] = [];
    for (const file of references) referenceImages.push(await check(file));
    const checked = { user, prompt, model, options, image, lastFrame, duration, referenceImages };
    return { ...checked, clientKey: form.clientKey?.slice(0, 100) || null, requestHash: requestHashOf(checked) };
  }

  /**
   * Step 2: the task the request's Idempotency-Key already made (null without a key or a task);
   * the same key with another request is a 422.
   */
  private async replayOf(
    request: Pick<CheckedRequest, 'user' | 'clientKey' | 'requestHash'>,
  ): Promise<GenerateResult | null> {
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
    const { user, prompt, model, options, image, lastFrame, duration, referenceImages, clientKey, requestHash } =
      request;
    await this.availability.ready();
    if (this.availability.target(model.id).providerModel === null) {
      throw new VideoException(
        VideoErrorCode.Unavailable,
        'Video generation is unavailable right now. No credits were taken; please try again later.',
      );
    }
    const cost = videoCost(model, options.resolution, duration);
    const short = await this.shortOfCredits(user.id, cost, `Generating a ${model.name} video`, () =>
      this.replayOf(request),
    );
    if (short) return short;
    const taskId = randomUUID();
    const uploads: string[] = [];
    const save = async (checked: CheckedImage, suffix: string) => {
      const path = await this.storage.saveUpload(taskId, checked.file.path, checked.ext, suffix);
      uploads.push(path);
      return path;
    };
    try {
      const imagePath = image ? await save(image, '') : null;
      const lastFramePath = lastFrame ? await save(lastFrame, '-last') : null;
      const references: StoredImage[] = [];
      for (const [i, reference] of referenceImages.entries())
        references.push({ path: await save(reference, `-ref${i}`), mime: reference.mime });
      const task: NewVideoTask = {
        ...this.newTask(user, taskId, clientKey, requestHash),
        model: model.id,
        prompt,
        aspectRatio: options.aspectRatio,
        resolution: options.resolution,
        negativePrompt: options.negativePrompt,
        cost,
        imagePath,
        imageMime: image?.mime ?? null,
        lastFramePath,
        lastFrameMime: lastFrame?.mime ?? null,
        kind: 'generate',
        parentTaskId: null,
        rootTaskId: taskId,
        instruction: null,
        durationS: duration,
        referenceImages: references.length ? JSON.stringify(references) : null,
      };
      const result = await this.debitAndInsert(task, `${model.name} video`, `Generating a ${model.name} video`, () =>
        this.replayOf(request),
      );
      // A replay: the twin that made the task stored its own copies.
      if (result.taskId !== taskId) for (const path of uploads) await this.storage.discardUpload(path);
      return result;
    } catch (error) {
      for (const path of uploads) await this.storage.discardUpload(path);
      throw error;
    }
  }

  /** The fields every new task starts with. */
  private newTask(user: SessionUser, taskId: string, clientKey: string | null, requestHash: string) {
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
   * The debit and the task row in one transaction, then the task scheduled; the balance after the
   * debit. A concurrent twin of the request (same Idempotency-Key) answers as `replay`; too few
   * credits is a 402 saying what `action` costs.
   */
  private async debitAndInsert(
    task: NewVideoTask,
    description: string,
    action: string,
    replay: () => Promise<GenerateResult | null>,
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
      const replayed = task.clientKey && (insufficient || isUniqueViolation(error)) ? await replay() : null;
      if (replayed) return replayed;
      if (insufficient) throw notEnoughCredits(action, task.cost, await this.credits.balanceOf(task.userId));
      throw error;
    }
  }

  /**
   * Before anything is stored or copied for a request: null when the balance covers `cost`; else the
   * task a concurrent twin of the request made (`replay`), or the 402. The debit stays the conditional
   * update that decides; this only spares the work for a request that cannot be paid.
   */
  private async shortOfCredits(
    userId: string,
    cost: number,
    action: string,
    replay: () => Promise<GenerateResult | null>,
  ): Promise<GenerateResult | null> {
    const balance = await this.credits.balanceOf(userId);
    if (balance >= cost) return null;
    const replayed = await replay();
    if (replayed) return replayed;
    throw notEnoughCredits(action, cost, balance);
  }

  /** POST /api/video/edit/:taskId: a new version of the caller's finished Omni video, changed as the instruction says. */
  edit(user: SessionUser, parentId: string, body: EditRequest, clientKey: string | null): Promise<GenerateResult> {
    return this.revise(user, parentId, { kind: 'edit', ...body }, clientKey);
  }

  /** POST /api/video/extend/:taskId: a new version of the caller's finished Omni video, `seconds` longer. */
  extend(user: SessionUser, parentId: string, body: ExtendRequest, clientKey: string | null): Promise<GenerateResult> {
    return this.revise(user, parentId, { kind: 'extend', ...body }, clientKey);
  }

  /**
   * An edit or extension, checked in order (the parent is the caller's and not deleted, a finished
   * Omni video, the length stays within MAX_VIDEO_SECONDS, the model and editing are available,
   * the provider can work on the parent), then charged and created like a generation. An edit
   * costs a generation of the parent's length; an extension, its added seconds.
   */
  private async revise(
    user: SessionUser,
    parentId: string,
    change: Revision,
    rawKey: string | null,
  ): Promise<GenerateResult> {
    const parent = await this.tasks.findOwned(user.id, parentId);
    if (!parent) throw new VideoException(VideoErrorCode.NotFound, 'Video not found');
    const model = findVideoModel(parent.model);
    if (parent.status !== 'completed' || !parent.resultPath) {
      throw new VideoException(
        VideoErrorCode.NotEditable,
        `Only a finished video can be ${PAST_TENSE[change.kind]}. Please wait until it is ready.`,
      );
    }
    if (model?.id !== EDITABLE_MODEL) {
      throw new VideoException(
        VideoErrorCode.NotEditable,
        `Only ${VIDEO_MODELS.omni.name} videos can be ${PAST_TENSE[change.kind]}.`,
      );
    }
    const durationS = parent.durationS + (change.kind === 'extend' ? change.seconds : 0);
    if (durationS > MAX_VIDEO_SECONDS) {
      const left = MAX_VIDEO_SECONDS - parent.durationS;
      throw new VideoException(
        VideoErrorCode.TooLong,
        `A video can be at most ${MAX_VIDEO_SECONDS} seconds long and this one is ${parent.durationS} seconds: ` +
          (left >= EXTEND_SECONDS.min
            ? `it can be extended by at most ${left} seconds more.`
            : 'it cannot be extended any further.'),
      );
    }
    const clientKey = rawKey?.slice(0, 100) || null;
    const requestHash = sha256(
      JSON.stringify([change.kind, parent.id, change.kind === 'edit' ? change.instruction : change.seconds]),
    );
    const replay = () => this.replayOf({ user, clientKey, requestHash });
    const replayed = await replay();
    if (replayed) return replayed;
    await this.availability.ready();
    if (this.availability.target(model.id).providerModel === null || !this.provider.editing) {
      throw new VideoException(
        VideoErrorCode.Unavailable,
        'Video editing is unavailable right now. No credits were taken; please try again later.',
      );
    }
    const cost = videoCost(model, parent.resolution, change.kind === 'edit' ? parent.durationS : change.seconds);
    const [description, action] =
      change.kind === 'edit'
        ? [`${model.name} edit`, 'Editing this video']
        : [`${model.name} extension (+${change.seconds} s)`, `Extending this video by ${change.seconds} seconds`];
    const short = await this.shortOfCredits(user.id, cost, action, replay);
    if (short) return short;
    const refusal = await withParentVideo(this.storage, parent, (videoPath) =>
      this.provider.checkParent(providerParent(parent, this.config.video.provider, videoPath), change.kind),
    ).catch((error: unknown) => {
      if (error instanceof StorageException && error.code === StorageErrorCode.NotFound)
        return `This video's file is no longer available, so it cannot be ${PAST_TENSE[change.kind]}.`;
      throw error;
    });
    if (refusal) throw new VideoException(VideoErrorCode.ParentRefused, refusal);
    const taskId = randomUUID();
    const task: NewVideoTask = {
      ...this.newTask(user, taskId, clientKey, requestHash),
      model: model.id,
      prompt: parent.prompt,
      aspectRatio: parent.aspectRatio,
      resolution: parent.resolution,
      negativePrompt: null,
      cost,
      imagePath: null,
      imageMime: null,
      lastFramePath: null,
      lastFrameMime: null,
      kind: change.kind,
      parentTaskId: parent.id,
      rootTaskId: rootOf(parent),
      instruction: change.kind === 'edit' ? change.instruction : null,
      durationS,
      referenceImages: null,
    };
    return this.debitAndInsert(task, description, action, replay);
  }

  /**
   * What the generator may offer now: the provider's options, the price at each resolution (and
   * per second, with the lengths on offer), and per model whether it can be used (with a message
   * for the user when not) and whether its videos can be edited and extended.
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
            per_second: VIDEO_MODELS[id].perSecond,
            durations: [...VIDEO_MODELS[id].durations],
            editable: id === EDITABLE_MODEL && this.provider.editing,
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
   * The stored file of a task (its finished video, or its uploaded image), for its owner or for a
   * valid signed link; a path relative to the storage folder of that kind.
   */
  async fileFor(
    kind: LinkKind,
    taskId: string,
    viewer: SessionUser | null,
    exp?: number,
    sig?: string,
    index = 0,
  ): Promise<string> {
    const found = await this.tasks.findById(taskId);
    // A deleted task's files are kept for its restore, but served to nobody.
    const task = found?.deletedAt ? null : found;
    const subject = kind === 'reference' ? `${taskId}/${index}` : taskId;
    const allowed =
      task &&
      (viewer?.id === task.userId || (exp !== undefined && sig && this.storage.verifyLink(kind, subject, exp, sig)));
    const path = {
      file: task?.resultPath,
      upload: task?.imagePath,
      'last-frame': task?.lastFramePath,
      poster: task?.posterPath,
      reference: task && storedImages(task)[index]?.path,
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
      kind: task.kind,
      parent_task_id: task.parentTaskId,
      root_task_id: rootOf(task),
      instruction: task.instruction,
      duration_s: task.durationS,
      reference_image_urls: storedImages(task).map((_, i) => this.storage.signedUrl(`${task.id}/${i}`, 'reference')),
    };
  }
}
