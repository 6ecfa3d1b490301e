import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  findVideoModel,
  VIDEO_DURATION_SECONDS,
  VIDEO_MODELS,
  videoCost,
  type VideoModelId,
} from '@veo3/contracts/catalogue';
import { DEFAULT_ASPECT_RATIO, DEFAULT_RESOLUTION } from '@veo3/contracts/generation-options';
import { MAX_REFERENCE_IMAGES, type GenerateResult, type VideoOptions } from '@veo3/contracts/video';
import type { SessionUser } from '../users/session-user';
import type { GenerateForm } from './generate-form';
import { checkUploadedImage } from './image-check';
import { checkDuration, checkGenerationOptions, checkPrompt } from './options-check';
import type { VideoProvider } from './providers/video-provider';
import { VIDEO_QUEUE, type VideoQueue } from './queue/video-queue';
import type { UploadedFile } from './uploaded-file';
import { VideoAvailability } from './video-availability';
import { clientKeyOf, requestHashOf, VideoDebitService, type RequestKey } from './video-debit.service';
import { VideoStorage } from './video-storage';
import { UNFINISHED, type StoredImage } from './video-task.entity';
import { VideoTaskRepository, type NewVideoTask } from './video-task.repository';
import { EDITABLE_MODEL } from './video-versions';
import { VideoErrorCode, VideoException } from './video.exception';
import { VIDEO_PROVIDER } from './video.tokens';

type CheckedImage = { file: UploadedFile } & Awaited<ReturnType<typeof checkUploadedImage>>;

/** A generation request that passed its checks (VideoGenerationService.checkRequest). */
interface CheckedRequest extends RequestKey {
  prompt: string;
  model: NonNullable<ReturnType<typeof findVideoModel>>;
  options: ReturnType<typeof checkGenerationOptions>;
  image: CheckedImage | null;
  lastFrame: CheckedImage | null;
  /** The video's length in seconds. */
  duration: number;
  referenceImages: CheckedImage[];
}

/** The request's uploads as stored for its task. */
type StoredUploads = Pick<NewVideoTask, 'imagePath' | 'lastFramePath' | 'referenceImages'>;

/** What an Idempotency-Key stands for: the request after defaults and trimming, images by their content. */
function generationHash(r: Omit<CheckedRequest, keyof RequestKey>): string {
  const { model, prompt, options, image, lastFrame, duration, referenceImages } = r;
  return requestHashOf([
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
  ]);
}

/** The reference images a request may carry: Omni only, at most MAX_REFERENCE_IMAGES. */
function checkReferenceCount(references: UploadedFile[], model: CheckedRequest['model']): void {
  if (references.length && model.id !== VIDEO_MODELS.omni.id) {
    throw new VideoException(VideoErrorCode.BadOption, `Reference images need ${VIDEO_MODELS.omni.name}`);
  }
  if (references.length > MAX_REFERENCE_IMAGES) {
    throw new VideoException(
      VideoErrorCode.BadOption,
      `At most ${MAX_REFERENCE_IMAGES} reference images can be used; you sent ${references.length}`,
    );
  }
}

const checkImage = async (file: UploadedFile): Promise<CheckedImage> => ({
  file,
  ...(await checkUploadedImage(file)),
});

/** POST /api/video/generate and what the generator may offer; the provider's wake-up call. */
@Injectable()
export class VideoGenerationService {
  constructor(
    @Inject(VIDEO_QUEUE) private readonly queue: VideoQueue,
    private readonly debits: VideoDebitService,
    private readonly storage: VideoStorage,
    private readonly availability: VideoAvailability,
    @Inject(VIDEO_PROVIDER) private readonly provider: VideoProvider,
    private readonly tasks: VideoTaskRepository,
  ) {}

  /**
   * Checks the request in the spec's order, then debits the credits and creates the task in one
   * transaction, and schedules it. A request that fails a check changes nothing.
   */
  async generate(user: SessionUser | null, form: GenerateForm): Promise<GenerateResult> {
    const request = await this.checkRequest(user, form);
    const replay = await this.debits.replayOf(request);
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
    checkReferenceCount(references, model);
    const image = imageMode && form.image ? await checkImage(form.image) : null;
    const lastFrame = options.lastFrame && form.lastFrame ? await checkImage(form.lastFrame) : null;
    const referenceImages: CheckedImage[] = [];
    for (const file of references) referenceImages.push(await checkImage(file));
    const checked = { prompt, model, options, image, lastFrame, duration, referenceImages };
    return { ...checked, user, clientKey: clientKeyOf(form.clientKey), requestHash: generationHash(checked) };
  }

  /**
   * Step 2: refused while no provider model serves the request (before any credit is taken); else
   * the uploads are stored, the credits debited and the task created in one transaction, and the
   * task scheduled. A failure discards the uploads; a concurrent twin of the request answers as a replay.
   */
  private async debitAndCreate(request: CheckedRequest): Promise<GenerateResult> {
    const { model, options, image, lastFrame, duration } = request;
    await this.availability.ready();
    if (this.availability.target(model.id).providerModel === null) {
      throw new VideoException(
        VideoErrorCode.Unavailable,
        'Video generation is unavailable right now. No credits were taken; please try again later.',
      );
    }
    const cost = videoCost(model, options.resolution, duration);
    const action = `Generating a ${model.name} video`;
    const short = await this.debits.shortOfCredits(request, cost, action);
    if (short) return short;
    const taskId = randomUUID();
    const uploads: string[] = [];
    try {
      const task: NewVideoTask = {
        ...this.debits.newTask(request, taskId),
        ...(await this.storeUploads(request, taskId, uploads)),
        model: model.id,
        prompt: request.prompt,
        aspectRatio: options.aspectRatio,
        resolution: options.resolution,
        negativePrompt: options.negativePrompt,
        cost,
        imageMime: image?.mime ?? null,
        lastFrameMime: lastFrame?.mime ?? null,
        kind: 'generate',
        parentTaskId: null,
        rootTaskId: taskId,
        instruction: null,
        durationS: duration,
      };
      const result = await this.debits.debitAndInsert(request, task, `${model.name} video`, action);
      // A replay: the twin that made the task stored its own copies.
      if (result.taskId !== taskId) for (const path of uploads) await this.storage.discardUpload(path);
      return result;
    } catch (error) {
      for (const path of uploads) await this.storage.discardUpload(path);
      throw error;
    }
  }

  /** Stores the request's images for task `taskId`, each stored path also pushed to `uploads`. */
  private async storeUploads(request: CheckedRequest, taskId: string, uploads: string[]): Promise<StoredUploads> {
    const save = async (checked: CheckedImage, suffix: string) => {
      const path = await this.storage.saveUpload(taskId, checked.file.path, checked.ext, suffix);
      uploads.push(path);
      return path;
    };
    const imagePath = request.image ? await save(request.image, '') : null;
    const lastFramePath = request.lastFrame ? await save(request.lastFrame, '-last') : null;
    const references: StoredImage[] = [];
    for (const [i, reference] of request.referenceImages.entries())
      references.push({ path: await save(reference, `-ref${i}`), mime: reference.mime });
    return { imagePath, lastFramePath, referenceImages: references.length ? JSON.stringify(references) : null };
  }

  /**
   * What the generator may offer now: the provider's options, the price at each resolution (and
   * per second, with the lengths on offer), and per model whether it can be used (with a message
   * for the user when not) and whether its videos can be edited and extended.
   */
  async options(): Promise<VideoOptions> {
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
    ) as VideoOptions['models'];
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
}
