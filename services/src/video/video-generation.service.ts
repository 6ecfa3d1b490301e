import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ALL_SHAPES,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_RESOLUTION,
  type OptionSupport,
  type Resolution,
} from '@veo3/contracts/generation-options';
import { VIDEO_DURATION_SECONDS, VIDEO_MODEL_IDS, VIDEO_MODELS } from '@veo3/contracts/catalogue';
import { modelCost, modelTabs } from '@veo3/contracts/model-catalogue';
import {
  MAX_REFERENCE_IMAGES,
  MAX_SEED,
  VIDEO_VARIATIONS,
  type GenerateResult,
  type VideoOptions,
} from '@veo3/contracts/video';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SharedVideoRepository } from '../sharing/shared-video.repository';
import type { SessionUser } from '../users/session-user';
import type { CatalogueEntry } from './catalogue/catalogue-entry';
import { ModelCatalogue } from './catalogue/model-catalogue';
import { nearestAlternative } from './catalogue/model-alternative';
import type { EffectGeneration, GenerateForm } from './generate-form';
import { checkUploadedImage } from './image-check';
import {
  checkDuration,
  checkGenerationOptions,
  checkPrompt,
  checkSeed,
  checkVariations,
  variationSeeds,
} from './options-check';
import type { VideoProvider } from './providers/video-provider';
import { VideoProviders } from './providers/video-providers';
import { VIDEO_QUEUE, type VideoQueue } from './queue/video-queue';
import type { UploadedFile } from './uploaded-file';
import { VideoAvailability } from './video-availability';
import { clientKeyOf, requestHashOf, VideoDebitService, type RequestKey } from './video-debit.service';
import { VideoStorage } from './video-storage';
import { UNFINISHED, type StoredImage } from './video-task.entity';
import { VideoTaskRepository, type NewVideoTask } from './video-task.repository';
import { VideoWaitEstimates } from './video-wait-estimates';
import { remixUnavailable, VideoErrorCode, VideoException } from './video.exception';

type CheckedImage = { file: UploadedFile } & Awaited<ReturnType<typeof checkUploadedImage>>;

/** The resolutions of the first three models, all that `shapes` may list for a generator from before the catalogue. */
const FULL_RESOLUTIONS: readonly Resolution[] = ['720p', '1080p'];

/** "Compare models" takes at most this many models in one request. */
export const MAX_COMPARE = 3;

/** A generation request that passed its checks (VideoGenerationService.checkRequest). */
interface CheckedRequest extends RequestKey {
  prompt: string;
  /** The model of each video: one, or the models compared (then `variations` is 1). */
  models: CatalogueEntry[];
  /** The first model's options; `choices` has each model's (its own default resolution and length where none was chosen). */
  options: ReturnType<typeof checkGenerationOptions>;
  choices: { options: ReturnType<typeof checkGenerationOptions>; duration: number }[];
  image: CheckedImage | null;
  lastFrame: CheckedImage | null;
  /** The video's length in seconds. */
  duration: number;
  referenceImages: CheckedImage[];
  /** How many videos to make (VIDEO_VARIATIONS). */
  variations: number;
  /** The seed asked for, or null (then each video gets a random one, where the model takes a seed). */
  seed: number | null;
  /** A generation from an effect: its price, and what its task shows and keeps; null otherwise. */
  effect: EffectGeneration | null;
}

/** The request's uploads as stored for its task. */
type StoredUploads = Pick<NewVideoTask, 'imagePath' | 'lastFramePath' | 'referenceImages'>;

/** What an Idempotency-Key stands for: the request after defaults and trimming, images by their content. */
function generationHash(r: Omit<CheckedRequest, keyof RequestKey>, remixOf: string | null): string {
  const { models, prompt, options, image, lastFrame, duration, referenceImages, variations, seed, effect } = r;
  return requestHashOf([
    models.map((model) => model.id).join(','),
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
    ...(variations !== 1 || seed !== null ? [{ variations, seed }] : []),
    ...(remixOf ? [{ remixOf }] : []),
    ...(effect ? [{ effect: effect.id }] : []),
  ]);
}

/**
 * The reference images a request may carry: as many as the model takes (Omni: MAX_REFERENCE_IMAGES);
 * `takers` are the models on offer that take some, named when this one takes none.
 */
function checkReferenceCount(references: UploadedFile[], model: CatalogueEntry, takers: CatalogueEntry[]): void {
  if (references.length && !model.inputs.reference_images) {
    const names = takers.map((taker) => taker.name).join(' or ');
    throw new VideoException(VideoErrorCode.BadOption, `Reference images need ${names || 'another model'}`);
  }
  const most = Math.min(model.inputs.reference_images, MAX_REFERENCE_IMAGES);
  if (references.length > most) {
    throw new VideoException(
      VideoErrorCode.BadOption,
      `At most ${most} reference images can be used; you sent ${references.length}`,
    );
  }
}

/** What `provider` (when there is one here) and `model` both honour. */
function supportOf(provider: VideoProvider | null, model: CatalogueEntry): OptionSupport {
  const support = provider?.support ?? { shapes: ALL_SHAPES, negativePrompt: true, lastFrame: true };
  return {
    shapes: support.shapes,
    negativePrompt: support.negativePrompt && model.inputs.negative_prompt,
    lastFrame: support.lastFrame && model.inputs.last_frame,
  };
}

/** The first three models as `models` described them before the catalogue (absent ones as unavailable). */
function legacyModels(catalogue: VideoOptions['catalogue']): VideoOptions['models'] {
  const entries = VIDEO_MODEL_IDS.map((id) => {
    const offered = catalogue.find((model) => model.id === id);
    const legacy = VIDEO_MODELS[id];
    return [
      id,
      {
        available: offered?.available ?? false,
        message: offered?.available ? null : 'Video generation is unavailable right now. Please try again later.',
        prices: legacy.prices,
        per_second: legacy.perSecond,
        durations: [...legacy.durations],
        editable: offered?.edits ?? false,
        seed: offered?.inputs.seed ?? false,
        extend_instruction: offered?.extend_instruction ?? false,
      },
    ] as const;
  });
  return Object.fromEntries(entries) as unknown as VideoOptions['models'];
}

/** What the 402 says the request was for. */
function actionOf({ models, variations, effect }: CheckedRequest): string {
  if (effect) return `Making a ${effect.name} video`;
  if (models.length > 1) return `Comparing ${models.map((model) => model.name).join(', ')}`;
  const name = models[0]!.name;
  return variations > 1 ? `Generating ${variations} ${name} videos` : `Generating a ${name} video`;
}

const checkImage = async (file: UploadedFile): Promise<CheckedImage> => ({
  file,
  ...(await checkUploadedImage(file)),
});

/**
 * A task's prompt columns: an effect's shows its owner the effect's title and sends the provider
 * the filled template, and keeps the effect, its inputs and the consent; any other sends its prompt.
 */
function promptColumns({ prompt, effect }: CheckedRequest) {
  if (!effect) return { prompt };
  return {
    prompt: effect.title,
    providerPrompt: prompt,
    effectId: effect.id,
    effectInputs: effect.inputs,
    peopleConsentAt: effect.peopleConsentAt,
  };
}

/** POST /api/video/generate and what the generator may offer; the provider's wake-up call. */
@Injectable()
export class VideoGenerationService {
  constructor(
    @Inject(VIDEO_QUEUE) private readonly queue: VideoQueue,
    private readonly debits: VideoDebitService,
    private readonly storage: VideoStorage,
    private readonly availability: VideoAvailability,
    private readonly catalogue: ModelCatalogue,
    private readonly providers: VideoProviders,
    private readonly waits: VideoWaitEstimates,
    private readonly tasks: VideoTaskRepository,
    private readonly shares: SharedVideoRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Checks the request in the spec's order, then debits the credits and creates its tasks (one per
   * variation, or per model compared) in one transaction, and schedules them. A request that fails a
   * check changes nothing.
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
    const models = this.requestedModels(form);
    // A model of both tabs works from text, or from a first frame when one is sent.
    const tabs = models[0] ? modelTabs(models[0]) : [];
    const mode = tabs.length > 1 ? (form.image ? 'image' : 'text') : tabs[0];
    if (mode === 'image' && !form.image) {
      throw new VideoException(
        VideoErrorCode.ImageRequired,
        'Image to Video mode requires an image. Please upload an image.',
      );
    }
    if (!user) throw new VideoException(VideoErrorCode.NotSignedIn, 'Please login before generating a video');
    if (!models.length || !mode) {
      throw new VideoException(VideoErrorCode.UnknownModel, `Unknown model: ${form.compare ?? form.model ?? ''}`);
    }
    const { aspectRatio, resolution, negativePrompt } = form;
    const raw = { aspectRatio, resolution, negativePrompt, lastFrame: Boolean(form.lastFrame) };
    const choices = models.map((model) => {
      if (!modelTabs(model).includes(mode)) {
        throw new VideoException(
          VideoErrorCode.BadOption,
          `${model.name} cannot make a video from ${mode === 'image' ? 'an image' : 'text alone'}`,
        );
      }
      checkReferenceCount(
        form.referenceImages ?? [],
        model,
        this.offered().filter((m) => m.inputs.reference_images),
      );
      const options = checkGenerationOptions(raw, mode, supportOf(this.providerFor(model), model), model);
      return { options, duration: checkDuration(form.duration, model) };
    });
    const { options, duration } = choices[0]!;
    const variations = this.checkedVariations(form, models);
    const seed = checkSeed(
      form.seed,
      models[0]!,
      models.every((model) => this.takesSeed(model)),
    );
    const image = mode === 'image' && form.image ? await checkImage(form.image) : null;
    const lastFrame = options.lastFrame && form.lastFrame ? await checkImage(form.lastFrame) : null;
    const referenceImages: CheckedImage[] = [];
    for (const file of form.referenceImages ?? []) referenceImages.push(await checkImage(file));
    const remixOf = await this.checkedRemix(form.remixOf);
    const effect = form.effect ?? null;
    const checked = {
      prompt,
      models,
      options,
      choices,
      image,
      lastFrame,
      duration,
      referenceImages,
      variations,
      seed,
      effect,
    };
    return {
      ...checked,
      user,
      clientKey: clientKeyOf(form.clientKey),
      requestHash: generationHash(checked, remixOf),
      apiKey: form.apiKey ?? null,
      remixOf,
    };
  }

  /**
   * "Make one like this": the share the request remixes, which must be shared now (checked again
   * when its counter moves, in the debit's transaction); null when the form names none.
   */
  private async checkedRemix(remixOf: string | undefined): Promise<string | null> {
    const id = remixOf?.trim();
    if (!id) return null;
    if (!(await this.shares.findLive(id))) throw remixUnavailable();
    return id;
  }

  /**
   * The form's model, or the models of a comparison (`compare`: 2 to MAX_COMPARE different ones);
   * empty when one is not in the catalogue (then the request is refused as naming an unknown model).
   */
  private requestedModels(form: GenerateForm): CatalogueEntry[] {
    const ids =
      form.compare === undefined ? [form.model ?? ''] : [...new Set(form.compare.split(',').map((id) => id.trim()))];
    if (form.compare !== undefined && (ids.length < 2 || ids.length > MAX_COMPARE)) {
      throw new VideoException(
        VideoErrorCode.BadOption,
        `compare takes 2 to ${MAX_COMPARE} different models, separated by commas`,
      );
    }
    const models = ids.map((id) => this.catalogue.find(id));
    return models.every((model) => model !== undefined) ? (models as CatalogueEntry[]) : [];
  }

  /** `variations` (VIDEO_VARIATIONS); a comparison makes one video per model. */
  private checkedVariations(form: GenerateForm, models: CatalogueEntry[]): number {
    if (models.length === 1) return checkVariations(form.variations);
    if (form.variations?.trim() && form.variations.trim() !== '1') {
      throw new VideoException(VideoErrorCode.BadOption, 'variations cannot be combined with compare');
    }
    return 1;
  }

  /** The provider that serves `model` now, else the first that may (its options are the ones to check); null: none here. */
  private providerFor(model: CatalogueEntry): VideoProvider | null {
    return this.availability.target(model.id).provider ?? this.providers.candidates(model)[0] ?? null;
  }

  /** Whether `model` takes a seed here now (the catalogue says so and the provider serving it honours one). */
  takesSeed(model: CatalogueEntry): boolean {
    return model.inputs.seed && (this.providerFor(model)?.takesSeed(model.id) ?? false);
  }

  /**
   * Step 2: refused while no provider model serves the request, or while the user has the most
   * generations in the making (before any credit is taken); else each video's uploads are stored,
   * the credits debited and the tasks created in one transaction, and the tasks scheduled. A
   * failure discards the uploads; a concurrent twin of the request answers as a replay.
   */
  private async debitAndCreate(request: CheckedRequest): Promise<GenerateResult> {
    const providers = await this.checkAvailable(request.models);
    const plan = this.plan(request, providers);
    const total = plan.reduce((sum, video) => sum + video.cost, 0);
    const early = await this.debits.precheck(request, total, actionOf(request));
    if (early) return early;
    const uploads: string[] = [];
    try {
      const tasks: NewVideoTask[] = [];
      for (const [i, video] of plan.entries()) {
        const uploaded = await this.storeUploads(request, video.id, uploads, i === plan.length - 1);
        tasks.push(this.newTask(request, { ...video, first: plan[0]!.id }, uploaded));
      }
      const names = new Map(request.models.map((model) => [model.id, model.name]));
      const describe = (task: NewVideoTask) =>
        request.effect ? `${request.effect.name} video` : `${names.get(task.model)} video`;
      const result = await this.debits.debitAndInsert(request, tasks, describe, actionOf(request));
      // A replay: the twin that made the tasks stored its own copies.
      if (result.taskId !== plan[0]!.id) for (const path of uploads) await this.storage.discardUpload(path);
      return result;
    } catch (error) {
      for (const path of uploads) await this.storage.discardUpload(path);
      throw error;
    }
  }

  /** Each video to make: its id, model, the provider serving it, price and seed. */
  private plan(request: CheckedRequest, providers: VideoProvider[]) {
    const { models, choices, variations } = request;
    const count = models.length > 1 ? models.length : variations;
    const seeds = models.every((model) => this.takesSeed(model))
      ? variationSeeds(request.seed, count, () => randomInt(0, MAX_SEED + 1))
      : [];
    return Array.from({ length: count }, (_, i) => {
      const at = models.length > 1 ? i : 0;
      const model = models[at]!;
      const { options, duration } = choices[at]!;
      return {
        id: randomUUID(),
        model,
        options,
        duration,
        provider: providers[at]!.name,
        // An effect's video costs the effect's price, whatever its model's.
        cost: request.effect?.price ?? modelCost(model, options.resolution, duration)!,
        seed: seeds[i] ?? null,
      };
    });
  }

  /**
   * The provider serving each model; refused (before any credit is taken) while one has none, naming
   * the nearest model that is available.
   */
  private async checkAvailable(models: CatalogueEntry[]): Promise<VideoProvider[]> {
    await this.availability.ready();
    return models.map((model) => {
      const target = this.availability.target(model.id);
      if (target.provider) return target.provider;
      throw new VideoException(VideoErrorCode.Unavailable, this.unavailableMessage(model, models.length > 1));
    });
  }

  /** What a user is told of a model that cannot be used now, with the nearest one that can. */
  unavailableMessage(model: CatalogueEntry, named: boolean, offered = this.offered()): string {
    const alternative = this.alternativeTo(model, offered);
    if (!named && !alternative) {
      return 'Video generation is unavailable right now. No credits were taken; please try again later.';
    }
    const instead = alternative ? ` You can use ${alternative.name} instead.` : ' Please try again later.';
    return `${model.name} is unavailable right now. No credits were taken.${instead}`;
  }

  private alternativeTo(model: CatalogueEntry, offered = this.offered()): CatalogueEntry | null {
    return nearestAlternative(model, offered, (id) => this.availability.target(id).providerModel !== null);
  }

  /** The catalogue's models some provider here serves. */
  private offered(): CatalogueEntry[] {
    return this.catalogue.all().filter((entry) => this.availability.offered(entry));
  }

  /**
   * One variation's task row: the first of a batch carries the Idempotency-Key (a key names the
   * whole request), and every one of a batch of several names the first as its batch.
   */
  private newTask(
    request: CheckedRequest,
    video: ReturnType<VideoGenerationService['plan']>[number] & { first: string },
    uploads: StoredUploads,
  ): NewVideoTask {
    const { id, first, model, options, duration, provider, seed, cost } = video;
    const { image, lastFrame } = request;
    const keyed = id === first ? request : { ...request, clientKey: null };
    return {
      ...this.debits.newTask(keyed, id, provider),
      ...uploads,
      model: model.id,
      ...promptColumns(request),
      aspectRatio: options.aspectRatio,
      resolution: options.resolution,
      negativePrompt: options.negativePrompt,
      cost,
      imageMime: image?.mime ?? null,
      lastFrameMime: lastFrame?.mime ?? null,
      kind: 'generate',
      parentTaskId: null,
      rootTaskId: id,
      instruction: null,
      durationS: duration,
      seed,
      batchId: request.variations > 1 || request.models.length > 1 ? first : null,
    };
  }

  /**
   * Stores the request's images for task `taskId`, each stored path also pushed to `uploads`. The
   * last variation's may take the temporary files themselves; the others get copies.
   */
  private async storeUploads(
    request: CheckedRequest,
    taskId: string,
    uploads: string[],
    last: boolean,
  ): Promise<StoredUploads> {
    const save = async (checked: CheckedImage, suffix: string) => {
      const path = await this.storage.saveUpload(taskId, checked.file.path, checked.ext, suffix, last);
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
   * What the generator may offer now: every model on offer with its state, the nearest available
   * model to one that is not, and its wait; the first three models also as before the catalogue
   * (`models`); the variation counts, the per-user limit and the comparison's size.
   */
  async options(): Promise<VideoOptions> {
    await this.availability.ready();
    const waits = await this.waits.estimates();
    const offered = this.offered();
    const catalogue = offered.map((entry) => {
      const target = this.availability.target(entry.id);
      const available = target.provider !== null;
      const provider = this.providerFor(entry);
      const { routes: _routes, ...model } = entry;
      return {
        ...model,
        inputs: { ...entry.inputs, seed: this.takesSeed(entry) },
        edits: entry.edits && (provider?.editing ?? false),
        extends: entry.extends && (provider?.editing ?? false),
        available,
        message: available ? null : this.unavailableMessage(entry, true, offered),
        alternative: available ? null : (this.alternativeTo(entry, offered)?.id ?? null),
        extend_instruction: entry.extends && (provider?.editing ?? false) && (provider?.extendInstruction ?? false),
        wait: waits.get(entry.id) ?? {
          median_s: entry.typical_wait_s,
          p90_s: entry.typical_wait_s * 2,
          source: 'vendor' as const,
        },
      };
    });
    const support = this.providers.list[0]!.support;
    // What a generator from before the catalogue offers for every model: 720p and 1080p only.
    const shapes = support.shapes.filter((shape) => FULL_RESOLUTIONS.includes(shape.resolution));
    return {
      defaults: { aspect_ratio: DEFAULT_ASPECT_RATIO, resolution: DEFAULT_RESOLUTION },
      shapes: shapes.map((s) => ({ aspect_ratio: s.aspectRatio, resolution: s.resolution })),
      negative_prompt: support.negativePrompt,
      last_frame: support.lastFrame,
      models: legacyModels(catalogue),
      variations: [...VIDEO_VARIATIONS],
      max_active: this.config.video.maxActivePerUser,
      catalogue,
      max_compare: MAX_COMPARE,
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
