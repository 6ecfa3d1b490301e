import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EXTEND_SECONDS, findVideoModel, MAX_VIDEO_SECONDS, VIDEO_MODELS, videoCost } from '@veo3/contracts/catalogue';
import type { EditRequest, ExtendRequest, GenerateResult } from '@veo3/contracts/video';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { StorageErrorCode, StorageException } from '../storage/storage.exception';
import type { SessionUser } from '../users/session-user';
import type { VideoProvider } from './providers/video-provider';
import { VideoAvailability } from './video-availability';
import { clientKeyOf, requestHashOf, VideoDebitService, type RequestKey } from './video-debit.service';
import { VideoStorage } from './video-storage';
import type { VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository, type NewVideoTask } from './video-task.repository';
import { EDITABLE_MODEL, providerParent, rootOf, withParentVideo } from './video-versions';
import { VideoErrorCode, VideoException } from './video.exception';
import { VIDEO_PROVIDER } from './video.tokens';

/** An edit by instruction or an extension by some seconds, of a finished Omni video. */
type Revision = ({ kind: 'edit' } & EditRequest) | ({ kind: 'extend' } & ExtendRequest);

const PAST_TENSE = { edit: 'edited', extend: 'extended' } as const;

type EditableModel = NonNullable<ReturnType<typeof findVideoModel>>;

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

/** The new version's task row (its model aside): the parent's prompt and shape, none of its images. */
function revisionTask(parent: VideoTaskEntity, change: Revision, cost: number, durationS: number) {
  return {
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
}

/** POST /api/video/edit/:taskId and /extend/:taskId: new versions of a finished Omni video. */
@Injectable()
export class VideoEditService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly debits: VideoDebitService,
    private readonly storage: VideoStorage,
    private readonly availability: VideoAvailability,
    @Inject(VIDEO_PROVIDER) private readonly provider: VideoProvider,
    private readonly tasks: VideoTaskRepository,
  ) {}

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
    const { parent, model } = await this.editableParent(user, parentId, change);
    const durationS = checkedLength(parent, change);
    const request: RequestKey = {
      user,
      clientKey: clientKeyOf(rawKey),
      requestHash: requestHashOf([
        change.kind,
        parent.id,
        change.kind === 'edit' ? change.instruction : change.seconds,
      ]),
    };
    const replayed = await this.debits.replayOf(request);
    if (replayed) return replayed;
    await this.checkAvailable(model);
    const cost = videoCost(model, parent.resolution, change.kind === 'edit' ? parent.durationS : change.seconds);
    const { description, action } = wording(change, model);
    const short = await this.debits.shortOfCredits(request, cost, action);
    if (short) return short;
    const refusal = await this.providerRefusal(parent, change);
    if (refusal) throw new VideoException(VideoErrorCode.ParentRefused, refusal);
    const task: NewVideoTask = {
      ...this.debits.newTask(request, randomUUID()),
      ...revisionTask(parent, change, cost, durationS),
      model: model.id,
    };
    return this.debits.debitAndInsert(request, task, description, action);
  }

  /** The caller's finished Omni video `parentId` (not deleted), with its model; else the refusal. */
  private async editableParent(user: SessionUser, parentId: string, change: Revision) {
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
    return { parent, model };
  }

  /** Refused (before any credit is taken) while the model has no provider model or the provider cannot edit. */
  private async checkAvailable(model: EditableModel): Promise<void> {
    await this.availability.ready();
    if (this.availability.target(model.id).providerModel === null || !this.provider.editing) {
      throw new VideoException(
        VideoErrorCode.Unavailable,
        'Video editing is unavailable right now. No credits were taken; please try again later.',
      );
    }
  }

  /** Why the provider cannot work on the parent (its file gone included), or null when it can. */
  private providerRefusal(parent: VideoTaskEntity, change: Revision): Promise<string | null> {
    return withParentVideo(this.storage, parent, (videoPath) =>
      this.provider.checkParent(providerParent(parent, this.config.video.provider, videoPath), change.kind),
    ).catch((error: unknown) => {
      if (error instanceof StorageException && error.code === StorageErrorCode.NotFound)
        return `This video's file is no longer available, so it cannot be ${PAST_TENSE[change.kind]}.`;
      throw error;
    });
  }
}
