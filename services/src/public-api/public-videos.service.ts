import { Inject, Injectable } from '@nestjs/common';
import { modelTabs, type OfferedModel } from '@veo3/contracts/model-catalogue';
import type {
  V1Balance,
  V1ListVideosQuery,
  V1Model,
  V1ModelList,
  V1Video,
  V1VideoList,
} from '@veo3/contracts/public-api';
import type { ApiCaller } from '../api-keys/api-key-caller';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsService } from '../credits/credits.service';
import { TransactionRunner } from '../database/transaction-runner';
import { TaskEventsService } from '../events/task-events.service';
import { ModelCatalogue } from '../video/catalogue/model-catalogue';
import type { GenerateForm } from '../video/generate-form';
import type { UploadedFile } from '../video/uploaded-file';
import { isReplay } from '../video/video-debit.service';
import { VideoGenerationService } from '../video/video-generation.service';
import { videoRefundKey } from '../video/video-ledger-keys';
import { VideoStorage } from '../video/video-storage';
import type { VideoTaskEntity } from '../video/video-task.entity';
import { VideoTaskRepository } from '../video/video-task.repository';
import { VideoErrorCode, VideoException } from '../video/video.exception';
import { withTempDir, type CreateVideoInput } from './create-video-input';
import { downloadImageUrl } from './image-url';
import { PublicApiErrorCode, PublicApiException } from './public-api.exception';
import { v1Video } from './v1-video.view';

const notFound = () => new VideoException(VideoErrorCode.NotFound, 'Video not found');

/** A catalogue model as GET /v1/models shows it. */
function v1Model(model: OfferedModel): V1Model {
  return {
    id: model.id,
    object: 'model',
    name: model.name,
    vendor: model.vendor,
    modes: modelTabs(model),
    durations: model.outputs.durations,
    resolutions: model.outputs.resolutions,
    aspect_ratios: model.outputs.aspect_ratios,
    negative_prompt: model.inputs.negative_prompt,
    seed: model.inputs.seed,
    price: model.price,
    available: model.available,
  };
}

/**
 * The developer API's videos (`/v1`, and the MCP server's tools): made through the same
 * VideoGenerationService as the site's (same checks, price, debit, limit and Idempotency-Key), read
 * and cancelled only by their owner, answered in the contract's public shape (`V1Video`).
 */
@Injectable()
export class PublicVideosService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly generation: VideoGenerationService,
    private readonly catalogue: ModelCatalogue,
    private readonly tasks: VideoTaskRepository,
    private readonly storage: VideoStorage,
    private readonly credits: CreditsService,
    private readonly transactions: TransactionRunner,
    private readonly events: TaskEventsService,
  ) {}

  /**
   * Makes a video for the caller, paid from their credits (and counted against the key's monthly
   * cap); an `image_url` is downloaded first (into a temporary folder, removed afterwards).
   * `replayed`: the Idempotency-Key had already made it (nothing was charged again).
   */
  async create(caller: ApiCaller, input: CreateVideoInput): Promise<{ video: V1Video; replayed: boolean }> {
    const url = input.fields.image_url;
    this.checkTakesImage(input.fields.model, Boolean(url || input.image));
    if (!url) return this.generate(caller, input, input.image);
    return withTempDir(this.storage.tempDir, async (dir) =>
      this.generate(caller, input, await downloadImageUrl(url, dir, this.config.video.imageUrlTrustedHosts)),
    );
  }

  /**
   * A first frame for a model that makes videos from text alone is refused (the site's generator
   * never sends one; a program would otherwise get a text video and wonder), before any download.
   */
  private checkTakesImage(modelId: string, image: boolean): void {
    const model = this.catalogue.find(modelId);
    if (image && model && !modelTabs(model).includes('image')) {
      throw new VideoException(VideoErrorCode.BadOption, `${model.name} cannot make a video from an image`);
    }
  }

  private async generate(
    caller: ApiCaller,
    { fields, clientKey }: CreateVideoInput,
    image: UploadedFile | null,
  ): Promise<{ video: V1Video; replayed: boolean }> {
    const form: GenerateForm = {
      prompt: fields.prompt,
      model: fields.model,
      aspectRatio: fields.aspect_ratio,
      resolution: fields.resolution,
      negativePrompt: fields.negative_prompt,
      duration: fields.duration_s === undefined ? undefined : String(fields.duration_s),
      seed: fields.seed === undefined ? undefined : String(fields.seed),
      image,
      clientKey,
      apiKey: { id: caller.key.id, monthlyCap: caller.key.monthlyCap },
    };
    const result = await this.generation.generate(caller.user, form);
    return { video: await this.get(caller, result.taskId), replayed: isReplay(result) };
  }

  /** One of the caller's videos; another user's, or a deleted one, is not found. */
  async get(caller: ApiCaller, id: string): Promise<V1Video> {
    const task = await this.tasks.findOwned(caller.user.id, id);
    if (!task) throw notFound();
    return this.toVideo(task);
  }

  /** A page of the caller's videos, newest first; `starting_after` is the previous page's `next_cursor`. */
  async list(caller: ApiCaller, query: V1ListVideosQuery): Promise<V1VideoList> {
    const userId = caller.user.id;
    const after = query.starting_after ? await this.tasks.findCursor(userId, query.starting_after) : null;
    if (query.starting_after && !after) {
      throw new PublicApiException(PublicApiErrorCode.InvalidCursor, 'starting_after names no video of yours', [
        { location: 'query', pointer: '#/starting_after', detail: 'No such video' },
      ]);
    }
    const rows = await this.tasks.pageAfter(userId, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return {
      object: 'list',
      data: page.map((task) => this.toVideo(task)),
      has_more: hasMore,
      next_cursor: hasMore ? page[page.length - 1]!.id : null,
    };
  }

  /**
   * Cancels one of the caller's videos that no worker has taken yet, and gives its credits back
   * under the task's one refund key (so the worker failing it later, or an admin, refunds nothing
   * more), in one transaction. 409 once it is processing or finished.
   */
  async cancel(caller: ApiCaller, id: string): Promise<V1Video> {
    const userId = caller.user.id;
    const now = new Date();
    const cancelled = await this.transactions.run(async (m) => {
      const task = await this.tasks.findIn(m, id);
      if (!task || task.userId !== userId || task.deletedAt) throw notFound();
      if (!(await this.tasks.cancelQueued(m, userId, id, now))) return false;
      await this.credits.grant(
        {
          userId,
          amount: task.cost,
          sourceType: 'refund',
          sourceId: id,
          description: 'Refund: the video was cancelled',
          idempotencyKey: videoRefundKey(id),
        },
        m,
      );
      return true;
    });
    const video = await this.get(caller, id);
    if (!cancelled) {
      throw new PublicApiException(
        PublicApiErrorCode.NotCancellable,
        `Only a queued video can be cancelled; this one is ${video.status}.`,
      );
    }
    this.events.taskChanged(userId, id);
    return video;
  }

  /** The caller's credits now. */
  async balance(caller: ApiCaller): Promise<V1Balance> {
    return { object: 'balance', credits: await this.credits.balanceOf(caller.user.id) };
  }

  /** Every model on offer (as the generator's options list them), with its price and whether it is available now. */
  async models(): Promise<V1ModelList> {
    const { catalogue } = await this.generation.options();
    return { object: 'list', data: catalogue.map(v1Model) };
  }

  private toVideo(task: VideoTaskEntity, now = new Date()): V1Video {
    const link = (path: string | null, kind?: 'poster') =>
      path ? this.absolute(this.storage.signedUrl(task.id, kind)) : null;
    return v1Video(task, { result: link(task.resultPath), poster: link(task.posterPath, 'poster') }, now);
  }

  /** A signed link of ours (a path), as the full URL a developer's program can fetch. */
  private absolute(path: string): string {
    return `${this.config.siteUrl}${path}`;
  }
}
