import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { isPublicSite, type AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { maskSecrets } from '../common/mask-secrets';
import { CreditsService } from '../credits/credits.service';
import { SchemaGate } from '../database/schema-gate';
import { TransactionRunner } from '../database/transaction-runner';
import { MetricsService, type ProviderOperation } from '../metrics/metrics.service';
import { TaskEventsService } from '../events/task-events.service';
import { inJobSpan, inSpan, outsideTraces } from '../telemetry/job-tracing';
import { RunOnceScheduler } from '../scheduling/run-once.scheduler';
import { WorkerIdentity } from '../scheduling/worker-identity';
import { WebhookEvents } from '../webhooks/webhook-events.service';
import { VideoNotifications } from '../notifications/video-notifications.service';
import { v1Video } from '../public-api/v1-video.view';
import {
  ModelUnavailableError,
  ProviderError,
  type ProviderImage,
  type ProviderInput,
  type ProviderJob,
  type ProviderParent,
  type VideoProvider,
} from './providers/video-provider';
import { VideoProviders } from './providers/video-providers';
import { VIDEO_QUEUE, type VideoQueue } from './queue/video-queue';
import { TASK_FAILURE_MESSAGES, type TaskFailure } from './task-failure';
import { VideoAvailability } from './video-availability';
import { VideoStorage } from './video-storage';
import { storedImages, type VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository } from './video-task.repository';
import { providerParent } from './video-versions';
import { videoRefundKey } from './video-ledger-keys';

/**
 * How long a task's lease lasts unless its holder's heartbeat extends it; a worker that stops
 * beating has its leases freed sooner, by the sweep.
 */
export const LEASE_MS = 60_000;
const MAX_RETRIES = 6;
const LOCAL_POLL_MS = 400;
/** The run-once job that frees dead workers' leases and reschedules stalled tasks (and, through them, timeouts). */
export const SWEEP_JOB = 'video-sweep';

/** Delay before the next poll: quick at first, then backing off to 15 s (providers take minutes). */
export function pollDelayMs(polls: number, firstMs: number): number {
  return Math.min(15_000, firstMs * 2 ** Math.min(polls, 4));
}

/**
 * Moves tasks along: submit to the provider, poll with backoff, copy the finished video into
 * storage, or fail and refund exactly once. Each step runs under a lease on the task row, so a
 * task is never worked on by two workers at once, and unfinished tasks are picked up after a restart.
 * Leases name this process's WorkerIdentity; its heartbeat keeps them, and the sweep (run by one
 * process of all, every TASK_SWEEP_S) frees those of workers whose heartbeat stopped.
 */
@Injectable()
export class VideoWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(VideoWorker.name);
  private readonly polls = new Map<string, number>();
  private started: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VIDEO_QUEUE) private readonly queue: VideoQueue,
    private readonly providers: VideoProviders,
    private readonly credits: CreditsService,
    private readonly storage: VideoStorage,
    private readonly availability: VideoAvailability,
    private readonly identity: WorkerIdentity,
    private readonly scheduler: RunOnceScheduler,
    private readonly schema: SchemaGate,
    private readonly events: TaskEventsService,
    private readonly tasks: VideoTaskRepository,
    private readonly metrics: MetricsService,
    private readonly webhooks: WebhookEvents,
    private readonly notifications: VideoNotifications,
  ) {}

  private get workerId(): string {
    return this.identity.id;
  }

  private get running(): boolean {
    return this.config.role === 'all' || this.config.role === 'worker';
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.running) return;
    if (this.schema.isCurrent()) return (this.started = this.start());
    // The migration Job has not finished: no job runs on the previous release's tables, and boot
    // goes on (the process must answer its liveness probe meanwhile).
    void this.schema.waitUntilCurrent().then(() => {
      if (!this.stopping) this.started = this.start();
    });
  }

  private async start(): Promise<void> {
    // Registered before the first claim, so no sweep can take our fresh leases for a dead worker's.
    await this.identity.start();
    this.identity.onBeat(() => this.extendLeases());
    await this.queue.start((taskId) => this.step(taskId));
    await this.releaseLeasesOfDeadWorkers();
    await this.resumeUnfinished();
    const sweepMs = this.config.video.sweepSeconds * 1000;
    this.scheduler.every(SWEEP_JOB, sweepMs, () => this.sweep(sweepMs));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    // An API process only enqueues, but its queue holds a Redis connection all the same.
    if (!this.running || !this.started) return this.queue.stop();
    await this.started.catch(() => undefined);
    await this.scheduler.stop();
    await this.queue.stop();
    // Hand our leases back so another worker can go on at once.
    await this.tasks.releaseAllOf(this.workerId);
    await this.identity.stop();
  }

  /** The periodic sweep, in one process of all: dead workers' leases, stalled tasks, old worker rows. */
  async sweep(idleMs: number): Promise<void> {
    await this.releaseLeasesOfDeadWorkers();
    await this.resumeUnfinished(idleMs);
    await this.identity.forgetLongDead();
  }

  /**
   * Frees the leases of workers whose heartbeat stopped (crashed, killed, cut off) and schedules
   * their tasks at once, long before the lease would run out. Each row is freed by a statement that
   * judges its holder again, so a worker that beats meanwhile keeps its lease.
   */
  async releaseLeasesOfDeadWorkers(): Promise<number> {
    const deadBefore = WorkerIdentity.deadBefore();
    const held = await this.tasks.heldByDeadWorkers(deadBefore);
    let freed = 0;
    for (const task of held) {
      if (!(await this.tasks.releaseIfHolderDead(task.id, task.lockedBy, deadBefore))) continue;
      freed++;
      await this.queue.enqueue(task.id);
    }
    if (freed) this.logger.warn(`freed ${freed} task lease(s) of workers whose heartbeat stopped`);
    return freed;
  }

  /** With each heartbeat: the leases this worker holds last another LEASE_MS. */
  private async extendLeases(): Promise<void> {
    await this.tasks.extendLeasesOf(this.workerId, new Date(Date.now() + LEASE_MS));
  }

  /**
   * Schedules unfinished tasks again: all of them after a restart (the database is the truth, not
   * the queue), or, from the periodic sweep, those untouched for `idleMs` and not held by a worker.
   */
  async resumeUnfinished(idleMs = 0): Promise<number> {
    const now = Date.now();
    const ids = await this.tasks.unfinishedIds(
      idleMs ? { idleBefore: new Date(now - idleMs), now: new Date(now) } : undefined,
    );
    for (const id of ids) await this.queue.enqueue(id);
    return ids.length;
  }

  /** One step of one task; safe to call at any time, any number of times, from any worker. */
  async step(taskId: string): Promise<void> {
    const task = await outsideTraces(() => this.claim(taskId));
    if (!task) return;
    const attributes = { 'veo3.task_id': task.id, 'veo3.task_kind': task.kind, 'veo3.model': task.model };
    await inJobSpan('video.step', task.traceParent, attributes, () => this.stepClaimed(task));
  }

  private async stepClaimed(task: VideoTaskEntity): Promise<void> {
    try {
      if (Date.now() - task.createdAt.getTime() > this.config.video.timeoutSeconds * 1000) {
        await this.fail(task, 'timeout', `no result within ${this.config.video.timeoutSeconds} s`);
        return;
      }
      if (!task.providerJobId) {
        await this.submit(task);
        return;
      }
      // Polls come often: the parent is described without a copy of its video (videoPath '').
      const job = await this.jobOf(task, () => Promise.resolve(''));
      const provider = this.providerOf(task);
      const status = await this.providerCall(task, 'poll', () => provider.poll(task.providerJobId!, job));
      if (status.state === 'running') {
        const statusMessage = status.message ?? 'Generating your video';
        await this.release(task, { status: 'processing', statusMessage });
        if (statusMessage !== task.statusMessage || task.status !== 'processing')
          this.events.taskChanged(task.userId, task.id);
        await this.queue.enqueue(task.id, this.nextPollDelay(task));
      } else if (status.state === 'lost') {
        await this.release(task, { providerJobId: null, statusMessage: 'Restarting the render' });
        this.events.taskChanged(task.userId, task.id);
        await this.queue.enqueue(task.id);
      } else if (status.state === 'failed') {
        const failure = status.rejected ? 'safety_blocked' : 'generation_failed';
        this.metrics.providerError(provider.name, task.model, failure);
        await this.fail(task, failure, status.reason);
      } else {
        await this.complete(task);
      }
    } catch (error) {
      await this.handleError(task, error);
    }
  }

  private async submit(task: VideoTaskEntity): Promise<void> {
    const model = task.model;
    const target = this.availability.target(model);
    if (target.provider === null) {
      await this.fail(task, 'model_unavailable', `no provider here serves ${model} now (${target.reason})`);
      return;
    }
    const { provider } = target;
    // A task not yet submitted goes to whoever serves its model now (another vendor's outage aside).
    task.provider = provider.name;
    const referenceImages: ProviderImage[] = [];
    for (const { path, mime } of storedImages(task)) referenceImages.push((await this.readImage(path, mime))!);
    const jobId = await this.withJob(task, async (job) => {
      const input: ProviderInput = {
        ...job,
        taskId: task.id,
        // An effect's task shows its owner the effect's name; the provider gets the filled template.
        prompt: task.providerPrompt ?? task.prompt,
        providerModel: target.providerModel,
        shape: { aspectRatio: task.aspectRatio, resolution: task.resolution },
        negativePrompt: task.negativePrompt,
        image: await this.readImage(task.imagePath, task.imageMime),
        lastFrame: await this.readImage(task.lastFramePath, task.lastFrameMime),
        referenceImages,
        instruction: task.instruction,
        seed: task.seed,
        // A site the internet cannot reach would never hear the call: polling alone then.
        callbackUrl: isPublicSite(this.config.siteUrl)
          ? `${this.config.siteUrl}/api/video/callback/${task.id}?token=${task.callbackToken ?? ''}`
          : null,
        onProgress: (message) => void this.updateMessage(task, message),
      };
      return this.providerCall(task, 'submit', () => provider.submit(input));
    });
    await this.release(task, {
      provider: provider.name,
      providerJobId: jobId,
      providerModel: target.providerModel,
      status: 'processing',
      statusMessage: 'Your video is being generated',
    });
    this.events.taskChanged(task.userId, task.id);
    await this.queue.enqueue(task.id, this.nextPollDelay(task));
  }

  private async readImage(name: string | null, mimeType: string | null): Promise<ProviderImage | null> {
    return name ? { data: await this.storage.readUpload(name), mimeType: mimeType ?? 'image/png' } : null;
  }

  /** What the provider knows of the task besides its job id; `parentVideo` gives the parent's video path. */
  private async jobOf(task: VideoTaskEntity, parentVideo: (parent: VideoTaskEntity) => Promise<string>) {
    let parent: ProviderParent | null = null;
    if (task.parentTaskId) {
      const row = await this.tasks.findById(task.parentTaskId);
      // A deleted parent is purged only once no task made from it is unfinished, but an admin retry
      // of a failed child after that finds it gone: the task fails (and is refunded) as for a broken database.
      if (!row?.resultPath) throw new ProviderError(`the parent task ${task.parentTaskId} has no video`, false);
      parent = providerParent(row, task.provider, await parentVideo(row));
    }
    const job: ProviderJob = {
      model: task.model,
      kind: task.kind,
      aspectRatio: task.aspectRatio,
      resolution: task.resolution,
      durationSeconds: task.durationS,
      parent,
    };
    return job;
  }

  /** Runs `use` with the task's ProviderJob, its parent (if any) with a temporary copy of its video, removed afterwards. */
  private async withJob<T>(task: VideoTaskEntity, use: (job: ProviderJob) => Promise<T>): Promise<T> {
    let copy: string | null = null;
    try {
      const job = await this.jobOf(task, async (parent) => (copy = await this.storage.videoCopy(parent.resultPath!)));
      return await use(job);
    } finally {
      if (copy) await this.storage.discard(copy);
    }
  }

  private async complete(task: VideoTaskEntity): Promise<void> {
    void this.updateMessage(task, 'Saving your video');
    const incoming = await this.storage.incomingVideoPath(task.id);
    try {
      await this.withJob(task, (job) =>
        this.providerCall(task, 'download', () => this.providerOf(task).download(task.providerJobId!, incoming, job)),
      );
      const resultPath = await this.storage.commitVideo(task.id, incoming);
      const posterPath = await this.storage.makePoster(task.id, resultPath);
      const outcome = { resultPath, posterPath, finishedBy: this.workerId };
      // The video.completed deliveries are written with the status, so neither is ever without the other.
      const webhooks = await this.transactions.run(async (m) =>
        (await this.tasks.markCompleted(task.id, outcome, m))
          ? this.webhooks.record(m, task.userId, 'video.completed', this.completedEvent(task))
          : null,
      );
      this.polls.delete(task.id);
      if (!webhooks) return;
      this.webhooks.dispatch(webhooks);
      this.events.taskChanged(task.userId, task.id);
      this.notify(task, 'completed', posterPath);
      this.metrics.taskFinished(task.model, task.kind, 'completed');
    } catch (error) {
      await this.storage.discard(incoming);
      throw error;
    }
  }

  /** video.completed's data: the video as `/v1` shows it, with signed links (valid for VIDEO_LINK_SECONDS). */
  private completedEvent(task: VideoTaskEntity) {
    const link = (kind?: 'poster') => `${this.config.siteUrl}${this.storage.signedUrl(task.id, kind)}`;
    const finished = { ...task, status: 'completed' as const, finishedAt: new Date() };
    return v1Video(finished, { result: link(), poster: link('poster') });
  }

  /** After the commit: the owner hears of it if they left (notifications/); never waits, never fails the task. */
  private notify(task: VideoTaskEntity, status: 'completed' | 'failed', posterPath: string | null): void {
    const poster = posterPath !== null;
    this.notifications.videoFinished({
      taskId: task.id,
      userId: task.userId,
      status,
      prompt: task.prompt,
      credits: task.cost,
      posterKey: poster ? `videos/${posterPath}` : null,
      posterUrl: poster ? `${this.config.siteUrl}${this.storage.signedUrl(task.id, 'poster')}` : null,
    });
  }

  /**
   * Marks the task failed and refunds its credits, in one transaction; a second call changes nothing.
   * The owner is told `failure`'s message; `detail` (the provider's words, masked) is for operators:
   * the log and the stored error_message.
   */
  private async fail(task: VideoTaskEntity, failure: TaskFailure, detail?: string): Promise<void> {
    this.polls.delete(task.id);
    const diagnosis = maskSecrets(detail || TASK_FAILURE_MESSAGES[failure]);
    this.logger.error(`task ${task.id} failed (${failure}): ${diagnosis}; refunded`);
    // The refund's balance event follows the commit (CreditsService); the task's, here.
    let webhooks: string[] = [];
    const failed = await this.transactions.run(async (m) => {
      const marked = await this.tasks.markFailed(m, task.id, {
        errorCode: failure,
        errorMessage: diagnosis.slice(0, 500),
        finishedBy: this.workerId,
      });
      if (!marked) return false;
      await this.credits.grant(
        {
          userId: task.userId,
          amount: task.cost,
          sourceType: 'refund',
          sourceId: task.id,
          description: 'Refund: the video could not be made',
          idempotencyKey: videoRefundKey(task.id),
        },
        m,
      );
      const finished = { ...task, status: 'failed' as const, errorCode: failure, finishedAt: new Date() };
      const data = v1Video(finished, { result: null, poster: null });
      webhooks = await this.webhooks.record(m, task.userId, 'video.failed', data);
      return true;
    });
    if (!failed) return;
    this.webhooks.dispatch(webhooks);
    this.events.taskChanged(task.userId, task.id);
    this.notify(task, 'failed', null);
    this.metrics.taskFinished(task.model, task.kind, 'failed');
    this.metrics.taskRefunded(task.model, failure);
  }

  private async handleError(task: VideoTaskEntity, error: unknown): Promise<void> {
    const message = maskSecrets(error instanceof Error ? error.message : String(error));
    if (error instanceof ModelUnavailableError) {
      // For operators: which model went away, at which provider, for which task.
      await this.fail(
        task,
        'model_unavailable',
        `${task.provider} model ${error.providerModel} is no longer available (${message}); checking the models again`,
      );
      await this.availability.reportGone(this.providerOf(task).name, error.providerModel);
      return;
    }
    const retryable = !(error instanceof ProviderError) || error.retryable;
    if (retryable && task.attempts < MAX_RETRIES) {
      this.logger.warn(`task ${task.id}: ${message}; retrying`);
      await this.release(task, { attempts: task.attempts + 1 });
      const wait =
        error instanceof ProviderError && error.retryAfterSeconds
          ? error.retryAfterSeconds * 1000
          : pollDelayMs(task.attempts + 1, this.config.video.pollIntervalMs);
      await this.queue.enqueue(task.id, wait);
      return;
    }
    const failure = error instanceof ProviderError ? error.failure : 'generation_failed';
    // A provider that cannot take a job after every retry is down: its models wait out a pause.
    if (!task.providerJobId && (failure === 'provider_unavailable' || failure === 'timeout')) {
      this.availability.reportOutage(this.providerOf(task).name);
    }
    await this.fail(task, failure, message);
  }

  /** Takes the task's lease if it is unfinished and nobody else holds a live lease on it. */
  private async claim(taskId: string): Promise<VideoTaskEntity | null> {
    const now = new Date();
    return this.tasks.claim(taskId, this.workerId, now, new Date(now.getTime() + LEASE_MS));
  }

  private async release(task: VideoTaskEntity, changes: Partial<VideoTaskEntity>): Promise<void> {
    await this.tasks.release(task.id, this.workerId, changes);
  }

  private async updateMessage(task: VideoTaskEntity, message: string): Promise<void> {
    const changed = await this.tasks.setMessage(task.id, message.slice(0, 300)).catch(() => false);
    if (changed) this.events.taskChanged(task.userId, task.id);
  }

  /** A call to the provider: timed and counted by the metrics, and a span of the task's trace. */
  private providerCall<T>(task: VideoTaskEntity, operation: ProviderOperation, call: () => Promise<T>): Promise<T> {
    const attributes = { 'veo3.provider': task.provider, 'veo3.model': task.model };
    return this.metrics.providerCall(
      task.provider,
      task.model,
      operation,
      inSpan(`provider.${operation}`, attributes, call),
    );
  }

  /**
   * The provider that holds the task's job. A task of a provider no longer configured goes to
   * whoever serves its model now (its job there is unknown, so it fails as lost or starts anew).
   */
  private providerOf(task: VideoTaskEntity): VideoProvider {
    const provider = this.providers.get(task.provider) ?? this.availability.target(task.model).provider;
    if (!provider)
      throw new ProviderError(`no provider here serves ${task.model} (${task.provider} is not configured)`, false);
    return provider;
  }

  private nextPollDelay(task: VideoTaskEntity): number {
    const polls = this.polls.get(task.id) ?? 0;
    this.polls.set(task.id, polls + 1);
    // The local renderer answers from memory, so a short steady poll costs nothing and saves the user seconds.
    if (task.provider === 'local') return Math.min(LOCAL_POLL_MS, this.config.video.pollIntervalMs);
    return pollDelayMs(polls, this.config.video.pollIntervalMs);
  }
}
