import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { Resolution } from '@veo3/contracts/generation-options';
import { modelCost } from '@veo3/contracts/model-catalogue';
import type { GenerateResult, RemakeRequest } from '@veo3/contracts/video';
import type { SessionUser } from '../users/session-user';
import type { CatalogueEntry } from './catalogue/catalogue-entry';
import { ModelCatalogue } from './catalogue/model-catalogue';
import type { VideoProvider } from './providers/video-provider';
import { VideoAvailability } from './video-availability';
import { clientKeyOf, requestHashOf, VideoDebitService, type RequestKey } from './video-debit.service';
import { VideoGenerationService } from './video-generation.service';
import { VideoStorage } from './video-storage';
import { storedImages, UNFINISHED, type StoredImage, type VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository, type NewVideoTask } from './video-task.repository';
import { VideoErrorCode, VideoException } from './video.exception';

/** The remake's own copies of its original's pictures. */
type CopiedUploads = Pick<NewVideoTask, 'imagePath' | 'lastFramePath' | 'referenceImages'>;

const listed = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

/**
 * POST /api/video/remake/:taskId: a finished generation made again at another resolution (a draft
 * at full quality), as a new generation with the same model, prompt, settings, seed and pictures,
 * charged at the new price.
 */
@Injectable()
export class VideoRemakeService {
  constructor(
    private readonly debits: VideoDebitService,
    private readonly generation: VideoGenerationService,
    private readonly storage: VideoStorage,
    private readonly availability: VideoAvailability,
    private readonly catalogue: ModelCatalogue,
    private readonly tasks: VideoTaskRepository,
  ) {}

  /**
   * Checked in order (the caller's finished generation, a resolution its model makes and the video
   * is not at, the Idempotency-Key's replay, a provider serving the model now, the limit and the
   * credits), then the pictures copied and the new task charged and created like a generation.
   * A refusal changes nothing.
   */
  async remake(user: SessionUser, taskId: string, body: RemakeRequest, rawKey: string | null): Promise<GenerateResult> {
    const { original, model } = await this.remakeable(user, taskId);
    const { resolution } = body;
    const cost = this.checkedCost(original, model, resolution);
    const request: RequestKey = {
      user,
      clientKey: clientKeyOf(rawKey),
      requestHash: requestHashOf(['remake', original.id, resolution]),
    };
    const replayed = await this.debits.replayOf(request);
    if (replayed) return replayed;
    const provider = await this.servingProvider(model, original, resolution);
    const action = `Remaking this ${model.name} video at ${resolution}`;
    const early = await this.debits.precheck(request, cost, action);
    if (early) return early;
    const id = randomUUID();
    const copies: string[] = [];
    try {
      const task: NewVideoTask = {
        ...this.debits.newTask(request, id, provider.name),
        ...(await this.copyUploads(original, id, copies)),
        ...remadeTask(original, id, resolution, cost),
        seed: this.generation.takesSeed(model) ? original.seed : null,
      };
      const result = await this.debits.debitAndInsert(request, [task], `${model.name} video (${resolution})`, action);
      // A replay: the twin that made the task stored its own copies.
      if (result.taskId !== id) await this.discard(copies);
      return result;
    } catch (error) {
      await this.discard(copies);
      throw error;
    }
  }

  /** The caller's finished generation `taskId` (not deleted) and its model; else the refusal. */
  private async remakeable(user: SessionUser, taskId: string) {
    const original = await this.tasks.findOwned(user.id, taskId);
    if (!original) throw new VideoException(VideoErrorCode.NotFound, 'Video not found');
    if (original.kind !== 'generate') {
      throw new VideoException(
        VideoErrorCode.NotEditable,
        `Only a generated video can be remade at another resolution; this one is an ${original.kind === 'edit' ? 'edited' : 'extended'} version.`,
      );
    }
    if (UNFINISHED.includes(original.status)) {
      throw new VideoException(
        VideoErrorCode.TaskUnfinished,
        'This video is still being made. Please wait until it is ready.',
      );
    }
    if (original.status !== 'completed') {
      throw new VideoException(
        VideoErrorCode.TaskUnfinished,
        'This video was not made, so there is nothing to remake.',
      );
    }
    const model = this.catalogue.find(original.model);
    if (!model) {
      throw new VideoException(
        VideoErrorCode.Unavailable,
        'The model of this video is no longer offered. No credits were taken.',
      );
    }
    return { original, model };
  }

  /** The remake's price; refused where the model does not make `resolution` or the video already is at it. */
  private checkedCost(original: VideoTaskEntity, model: CatalogueEntry, resolution: Resolution): number {
    const cost = modelCost(model, resolution, original.durationS);
    if (!model.outputs.resolutions.includes(resolution) || cost === null) {
      throw new VideoException(
        VideoErrorCode.UnsupportedOption,
        `${model.name} makes ${listed(model.outputs.resolutions)} videos, not ${resolution}.`,
      );
    }
    if (resolution === original.resolution) {
      throw new VideoException(
        VideoErrorCode.BadOption,
        `This video already is ${resolution}: choose another resolution to remake it at.`,
      );
    }
    return cost;
  }

  /** The provider serving `model` now, in the video's new shape; refused (before any charge) while none does. */
  private async servingProvider(
    model: CatalogueEntry,
    original: VideoTaskEntity,
    resolution: Resolution,
  ): Promise<VideoProvider> {
    await this.availability.ready();
    const { provider } = this.availability.target(model.id);
    if (!provider)
      throw new VideoException(VideoErrorCode.Unavailable, this.generation.unavailableMessage(model, true));
    const shaped = provider.support.shapes.some(
      (s) => s.aspectRatio === original.aspectRatio && s.resolution === resolution,
    );
    if (!shaped) {
      throw new VideoException(
        VideoErrorCode.UnsupportedOption,
        `${model.name} cannot make a ${original.aspectRatio} ${resolution} video here right now. No credits were taken.`,
      );
    }
    return provider;
  }

  /** Copies of the original's first frame, last frame and reference images under the new task's id (each path pushed to `copies`). */
  private async copyUploads(original: VideoTaskEntity, taskId: string, copies: string[]): Promise<CopiedUploads> {
    await mkdir(this.storage.tempDir, { recursive: true });
    const dir = await mkdtemp(join(this.storage.tempDir, 'veo3-remake-'));
    try {
      const copy = async (name: string, suffix: string) => {
        const path = join(dir, `copy${suffix}`);
        await writeFile(path, await this.storage.readUpload(name));
        const saved = await this.storage.saveUpload(taskId, path, extname(name).slice(1), suffix);
        copies.push(saved);
        return saved;
      };
      const imagePath = original.imagePath ? await copy(original.imagePath, '') : null;
      const lastFramePath = original.lastFramePath ? await copy(original.lastFramePath, '-last') : null;
      const references: StoredImage[] = [];
      for (const [i, image] of storedImages(original).entries())
        references.push({ path: await copy(image.path, `-ref${i}`), mime: image.mime });
      return { imagePath, lastFramePath, referenceImages: references.length ? JSON.stringify(references) : null };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async discard(copies: string[]): Promise<void> {
    for (const path of copies) await this.storage.discardUpload(path);
  }
}

/** The remake's row (its keys, pictures and seed aside): the original's prompt and settings at `resolution`. */
function remadeTask(original: VideoTaskEntity, id: string, resolution: Resolution, cost: number) {
  return {
    model: original.model,
    prompt: original.prompt,
    // An effect's video is made again from the same filled template.
    providerPrompt: original.providerPrompt,
    effectId: original.effectId,
    effectInputs: original.effectInputs,
    peopleConsentAt: original.peopleConsentAt,
    aspectRatio: original.aspectRatio,
    resolution,
    negativePrompt: original.negativePrompt,
    cost,
    imageMime: original.imageMime,
    lastFrameMime: original.lastFrameMime,
    kind: 'generate' as const,
    parentTaskId: null,
    rootTaskId: id,
    instruction: null,
    durationS: original.durationS,
    batchId: null,
  };
}
