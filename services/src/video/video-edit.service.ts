import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EXTEND_SECONDS, MAX_VIDEO_SECONDS } from '@veo3/contracts/catalogue';
import { modelCost } from '@veo3/contracts/model-catalogue';
import type { EditRequest, ExtendRequest, GenerateResult } from '@veo3/contracts/video';
import { StorageErrorCode, StorageException } from '../storage/storage.exception';
import type { SessionUser } from '../users/session-user';
import type { CatalogueEntry } from './catalogue/catalogue-entry';
import { ModelCatalogue } from './catalogue/model-catalogue';
import type { VideoProvider } from './providers/video-provider';
import { VideoAvailability } from './video-availability';
import { clientKeyOf, requestHashOf, VideoDebitService, type RequestKey } from './video-debit.service';
import { VideoStorage } from './video-storage';
import type { VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository, type NewVideoTask } from './video-task.repository';
import { providerParent, rootOf, withParentVideo } from './video-versions';
import { VideoErrorCode, VideoException } from './video.exception';

/** An edit by instruction or an extension by some seconds, of a finished Omni video. */
type Revision = ({ kind: 'edit' } & EditRequest) | ({ kind: 'extend' } & ExtendRequest);

const PAST_TENSE = { edit: 'edited', extend: 'extended' } as const;

type EditableModel = CatalogueEntry;

/** The ledger's description of a revision's debit, and what the 402 says it costs. */
function wording(change: Revision, model: EditableModel): { description: string; action: string } {
  return change.kind === 'edit'
    ? { description: `${model.name} edit`, action: 'Editing this video' }
    : {
        description: `${model.name} extension (+${change.seconds} s)`,
        action: `Extending this video by ${change.seconds} seconds`,
      };
}

/** The new version's length; longer than MAX_VIDEO_SECONDS is refused, saying how much is left. */
function checkedLength(parent: VideoTaskEntity, change: Revision): number {
  const durationS = parent.durationS + (change.kind === 'extend' ? change.seconds : 0);
  if (durationS <= MAX_VIDEO_SECONDS) return durationS;
  const left = MAX_VIDEO_SECONDS - parent.durationS;
  throw new VideoException(
    VideoErrorCode.TooLong,
    `A video can be at most ${MAX_VIDEO_SECONDS} seconds long and this one is ${parent.durationS} seconds: ` +
      (left >= EXTEND_SECONDS.min
        ? `it can be extended by at most ${left} seconds more.`
        : 'it cannot be extended any further.'),
  );
}

/** What an Idempotency-Key stands for: the change to which version (an extension's instruction only when sent). */
function revisionHash(parent: VideoTaskEntity, change: Revision): string {
  if (change.kind === 'edit') return requestHashOf([change.kind, parent.id, change.instruction]);
  return requestHashOf([change.kind, parent.id, change.seconds, ...(change.instruction ? [change.instruction] : [])]);
}

/** The new version's task row (its model aside): the parent's prompt and shape, none of its images. */
function revisionTask(parent: VideoTaskEntity, change: Revision, cost: number, durationS: number) {
  return {
    prompt: parent.prompt,
    providerPrompt: parent.providerPrompt,
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
    instruction: change.instruction ?? null,
    durationS,
    referenceImages: null,
    seed: null,
    batchId: null,
  };
}

/** POST /api/video/edit/:taskId and /extend/:taskId: new versions of a finished Omni video. */
@Injectable()
export class VideoEditService {
  constructor(
    private readonly debits: VideoDebitService,
    private readonly storage: VideoStorage,
    private readonly availability: VideoAvailability,
    private readonly catalogue: ModelCatalogue,
    private readonly tasks: VideoTaskRepository,
  ) {}

  /** POST /api/video/edit/:taskId: a new version of the caller's finished Omni video, changed as the instruction says. */
  edit(user: SessionUser, parentId: string, body: EditRequest, clientKey: string | null): Promise<GenerateResult> {
    return this.revise(user, parentId, { kind: 'edit', ...body }, clientKey);
  }

  /** POST /api/video/extend/:taskId: a new version of the caller's finished Omni video, `seconds` longer (what happens next as `instruction` says). */
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
    const { parent, model } = await this.editableParent(user, parentId, change);
    const durationS = checkedLength(parent, change);
    const request: RequestKey = { user, clientKey: clientKeyOf(rawKey), requestHash: revisionHash(parent, change) };
    const replayed = await this.debits.replayOf(request);
    if (replayed) return replayed;
    const provider = await this.editingProvider(model);
    this.checkInstruction(change, model, provider);
    const seconds = change.kind === 'edit' ? parent.durationS : change.seconds;
    const cost = modelCost(model, parent.resolution, seconds) ?? modelCost(model, '720p', seconds)!;
    const { description, action } = wording(change, model);
    const early = await this.debits.precheck(request, cost, action);
    if (early) return early;
    const refusal = await this.providerRefusal(parent, change, provider);
    if (refusal) throw new VideoException(VideoErrorCode.ParentRefused, refusal);
    const task: NewVideoTask = {
      ...this.debits.newTask(request, randomUUID(), provider.name),
      ...revisionTask(parent, change, cost, durationS),
      model: model.id,
    };
    return this.debits.debitAndInsert(request, [task], description, action);
  }

  /** The caller's finished Omni video `parentId` (not deleted), with its model; else the refusal. */
  private async editableParent(user: SessionUser, parentId: string, change: Revision) {
    const parent = await this.tasks.findOwned(user.id, parentId);
    if (!parent) throw new VideoException(VideoErrorCode.NotFound, 'Video not found');
    const model = this.catalogue.find(parent.model);
    if (parent.status !== 'completed' || !parent.resultPath) {
      throw new VideoException(
        VideoErrorCode.NotEditable,
        `Only a finished video can be ${PAST_TENSE[change.kind]}. Please wait until it is ready.`,
      );
    }
    if (!model || !(change.kind === 'edit' ? model.edits : model.extends)) {
      const names = this.catalogue
        .all()
        .filter((entry) => (change.kind === 'edit' ? entry.edits : entry.extends) && this.availability.offered(entry))
        .map((entry) => entry.name);
      throw new VideoException(
        VideoErrorCode.NotEditable,
        `Only ${names.join(' and ')} videos can be ${PAST_TENSE[change.kind]}.`,
      );
    }
    return { parent, model };
  }

  /** An extension's instruction, refused (before any charge) where the provider extends without one. */
  private checkInstruction(change: Revision, model: EditableModel, provider: VideoProvider): void {
    if (change.kind === 'extend' && change.instruction && !provider.extendInstruction) {
      throw new VideoException(
        VideoErrorCode.BadOption,
        `An extension of a ${model.name} video cannot take an instruction here: leave it out to continue the shot as it is.`,
      );
    }
  }

  /** The provider that edits `model` now; refused (before any credit is taken) while none can. */
  private async editingProvider(model: EditableModel): Promise<VideoProvider> {
    await this.availability.ready();
    const target = this.availability.target(model.id);
    if (target.provider === null || !target.provider.editing) {
      throw new VideoException(
        VideoErrorCode.Unavailable,
        'Video editing is unavailable right now. No credits were taken; please try again later.',
      );
    }
    return target.provider;
  }

  /** Why the provider cannot work on the parent (its file gone included), or null when it can. */
  private providerRefusal(parent: VideoTaskEntity, change: Revision, provider: VideoProvider): Promise<string | null> {
    return withParentVideo(this.storage, parent, (videoPath) =>
      provider.checkParent(providerParent(parent, provider.name, videoPath), change.kind),
    ).catch((error: unknown) => {
      if (error instanceof StorageException && error.code === StorageErrorCode.NotFound)
        return `This video's file is no longer available, so it cannot be ${PAST_TENSE[change.kind]}.`;
      throw error;
    });
  }
}
