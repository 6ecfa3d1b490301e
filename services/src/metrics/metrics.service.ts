import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { withTimeout } from '../common/with-timeout';
import { ReadinessService } from '../health/readiness.service';
import { WorkerIdentity } from '../scheduling/worker-identity';
import { ModelUnavailableError, ProviderError } from '../video/providers/video-provider';
import { VIDEO_QUEUE, type VideoQueue } from '../video/queue/video-queue';
import { VideoAvailability } from '../video/video-availability';
import { VideoTaskRepository } from '../video/video-task.repository';

/** A scrape never waits longer than this on the database, Redis or a readiness check. */
export const SCRAPE_READ_TIMEOUT_MS = 1_000;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const FULFILLMENT_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600];
const TASK_STATES = ['pending', 'processing'] as const;
const BULLMQ_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

export type ProviderOperation = 'submit' | 'poll' | 'download';
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'failed';

/**
 * One HTTP label set's figures, kept as plain numbers and written out at scrape time: prom-client's
 * children hash their labels on every call, which cost more than the rest of a small request.
 */
export interface HttpSeries {
  /** `method="GET",route="…",status_class="2xx"`, escaped once. */
  labels: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last is +Inf. */
  buckets: number[];
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

interface TaskRead {
  counts: Partial<Record<string, number>>;
  /** Creation time (ms) of the oldest pending task; null when none waits. */
  oldestPending: number | null;
}

/** The kind an error is counted under: a ProviderError's failure, model_unavailable, or generation_failed. */
export function providerErrorKind(error: unknown): string {
  if (error instanceof ModelUnavailableError) return 'model_unavailable';
  return error instanceof ProviderError ? error.failure : 'generation_failed';
}

/**
 * The process's Prometheus metrics (names in docs/OPERATIONS.md), on a registry of its own so two
 * apps in one process (tests) never share counters. Events are counted where they happen through
 * the methods below; what the database, Redis and readiness know is read at scrape time, bounded
 * by SCRAPE_READ_TIMEOUT_MS, and a read that fails or times out leaves its gauge out of that scrape.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly logger = new Logger(MetricsService.name);
  private inFlight = 0;

  private readonly http = new Map<string, HttpSeries>();
  private readonly tasksFinished = new Counter({
    name: 'veo3_video_tasks_finished_total',
    help: 'Video tasks finished, by model, kind and outcome',
    labelNames: ['model', 'kind', 'outcome'],
    registers: [this.registry],
  });
  private readonly providerDuration = new Histogram({
    name: 'veo3_video_provider_request_duration_seconds',
    help: 'Calls to the video provider, by provider, model and operation',
    labelNames: ['provider', 'model', 'operation'],
    buckets: PROVIDER_BUCKETS,
    registers: [this.registry],
  });
  private readonly providerErrors = new Counter({
    name: 'veo3_video_provider_errors_total',
    help: 'Provider calls that failed or jobs the provider failed, by error kind',
    labelNames: ['provider', 'model', 'kind'],
    registers: [this.registry],
  });
  private readonly refunds = new Counter({
    name: 'veo3_video_refunds_total',
    help: 'Failed video tasks refunded, by model and failure reason',
    labelNames: ['model', 'reason'],
    registers: [this.registry],
  });
  private readonly creditsGranted = new Counter({
    name: 'veo3_credits_granted_total',
    help: 'Credits added to balances, by ledger source type',
    labelNames: ['kind'],
    registers: [this.registry],
  });
  private readonly creditsSpent = new Counter({
    name: 'veo3_credits_spent_total',
    help: 'Credits taken from balances, by ledger source type',
    labelNames: ['kind'],
    registers: [this.registry],
  });
  private readonly checkoutSessions = new Counter({
    name: 'veo3_checkout_sessions_total',
    help: 'Checkout sessions created, by product kind (pack or plan)',
    labelNames: ['product_kind'],
    registers: [this.registry],
  });
  private readonly retentionPurged = new Counter({
    name: 'veo3_retention_purged_total',
    help: 'Rows (and their files) the retention purge deleted, by kind',
    labelNames: ['kind'],
    registers: [this.registry],
  });
  private readonly webhookEvents = new Counter({
    name: 'veo3_stripe_webhook_events_total',
    help: 'Stripe webhook events received, by type and outcome',
    labelNames: ['type', 'outcome'],
    registers: [this.registry],
  });
  private readonly fulfillmentDelay = new Histogram({
    name: 'veo3_stripe_fulfillment_delay_seconds',
    help: "From a Stripe event's creation to its credits granted",
    buckets: FULFILLMENT_BUCKETS,
    registers: [this.registry],
  });
  private readonly blogCache = new Counter({
    name: 'veo3_blog_cache_requests_total',
    help: 'Public blog replies looked up in the blog cache, by result (hit or miss)',
    labelNames: ['result'],
    registers: [this.registry],
  });
  private readonly rateLimitRefusals = new Counter({
    name: 'veo3_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by limit',
    labelNames: ['limit'],
    registers: [this.registry],
  });
  private readonly blogHit = this.blogCache.labels('hit');
  private readonly blogMiss = this.blogCache.labels('miss');

  // Read at scrape time: registered (in the constructor) only where this role has what they read.
  private readonly inFlightGauge: Gauge = new Gauge({
    name: 'veo3_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [this.registry],
    collect: () => this.inFlightGauge.set(this.inFlight),
  });
  private readonly ready: Gauge = new Gauge({
    name: 'veo3_ready',
    help: 'Whether this process answers ready on /api/health/ready (1) or not (0)',
    labelNames: ['role'],
    registers: [],
    collect: async () => {
      const readiness = this.optional<ReadinessService>(ReadinessService);
      if (!readiness) return;
      const ready = await withTimeout(readiness.check(), SCRAPE_READ_TIMEOUT_MS).then(
        () => 1,
        () => 0,
      );
      this.ready.labels(this.config.role).set(ready);
    },
  });
  private readonly heartbeat: Gauge = new Gauge({
    name: 'veo3_worker_heartbeat_timestamp_seconds',
    help: "Unix time of this worker's last heartbeat",
    registers: [],
    collect: () => {
      const last = this.optional<WorkerIdentity>(WorkerIdentity)?.lastBeatAt;
      if (last) this.heartbeat.set(last / 1000);
    },
  });
  private readonly modelAvailable: Gauge = new Gauge({
    name: 'veo3_video_model_available',
    help: 'Whether a video model is served by the configured provider (1) or not (0)',
    labelNames: ['model'],
    registers: [],
    collect: () => {
      const models = this.optional<VideoAvailability>(VideoAvailability)?.health().models;
      for (const [model, { available }] of Object.entries(models ?? {}))
        this.modelAvailable.labels(model).set(available ? 1 : 0);
    },
  });
  private readonly tasks: Gauge = new Gauge({
    name: 'veo3_video_tasks',
    help: 'Unfinished video tasks by state (read from the database at scrape time)',
    labelNames: ['state'],
    registers: [],
    collect: async () => {
      const read = await this.taskRead();
      this.tasks.reset();
      for (const state of TASK_STATES) if (read) this.tasks.labels(state).set(read.counts[state] ?? 0);
    },
  });
  private readonly queueDepth: Gauge = new Gauge({
    name: 'veo3_video_queue_depth',
    help: 'Video tasks waiting to be started (pending)',
    registers: [],
    collect: async () => {
      const read = await this.taskRead();
      this.queueDepth.reset();
      if (read) this.queueDepth.set(read.counts.pending ?? 0);
    },
  });
  private readonly oldestWaiting: Gauge = new Gauge({
    name: 'veo3_video_queue_oldest_waiting_seconds',
    help: 'Age of the oldest pending video task, 0 when none waits',
    registers: [],
    collect: async () => {
      const read = await this.taskRead();
      this.oldestWaiting.reset();
      if (read) this.oldestWaiting.set(read.oldestPending ? Math.max(0, (Date.now() - read.oldestPending) / 1000) : 0);
    },
  });
  private readonly bullmqJobs: Gauge = new Gauge({
    name: 'veo3_bullmq_jobs',
    help: "BullMQ's own job counts of the video queue, by state",
    labelNames: ['state'],
    registers: [],
    collect: async () => {
      const queue = this.optional<VideoQueue>(VIDEO_QUEUE);
      const counts = queue?.jobCounts ? await this.bounded(queue.jobCounts()) : null;
      this.bullmqJobs.reset();
      for (const state of BULLMQ_STATES) if (counts) this.bullmqJobs.labels(state).set(counts[state] ?? 0);
    },
  });
  /** The one database read that the task gauges of a scrape share. */
  private pendingTaskRead: Promise<TaskRead | null> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    if (config.metricsPort === null) return;
    collectDefaultMetrics({ register: this.registry, prefix: 'veo3_' });
    const gauges = [this.ready];
    if (config.role === 'worker' || config.role === 'all') gauges.push(this.heartbeat);
    if (config.role !== 'web') gauges.push(this.modelAvailable, this.tasks, this.queueDepth, this.oldestWaiting);
    if (config.role !== 'web' && config.redisUrl) gauges.push(this.bullmqJobs);
    for (const gauge of gauges) this.registry.registerMetric(gauge);
  }

  /** The figures of one HTTP label set (callers keep them and pass them to `httpReply`). */
  httpSeries(method: string, route: string, statusClass: string): HttpSeries {
    const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status_class="${escapeLabel(statusClass)}"`;
    let series = this.http.get(labels);
    if (!series) {
      series = { labels, count: 0, sum: 0, buckets: new Array<number>(HTTP_BUCKETS.length + 1).fill(0) };
      this.http.set(labels, series);
    }
    return series;
  }

  /** A reply of `series` that took `seconds`. */
  httpReply(series: HttpSeries, seconds: number): void {
    series.count++;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < HTTP_BUCKETS.length && seconds > HTTP_BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]!++;
  }

  requestStarted(): void {
    this.inFlight++;
  }

  requestEnded(): void {
    this.inFlight--;
  }

  taskFinished(model: string, kind: string, outcome: 'completed' | 'failed'): void {
    this.tasksFinished.labels(model, kind, outcome).inc();
  }

  taskRefunded(model: string, reason: string): void {
    this.refunds.labels(model, reason).inc();
  }

  /** Times one provider call; a rejection is counted by its kind and passed on. */
  async providerCall<T>(provider: string, model: string, operation: ProviderOperation, call: Promise<T>): Promise<T> {
    const end = this.providerDuration.startTimer({ provider, model, operation });
    try {
      return await call;
    } catch (error) {
      this.providerError(provider, model, providerErrorKind(error));
      throw error;
    } finally {
      end();
    }
  }

  providerError(provider: string, model: string, kind: string): void {
    this.providerErrors.labels(provider, model, kind).inc();
  }

  /** A committed balance change of `amount` credits (negative: spent). */
  creditsChanged(kind: string, amount: number): void {
    if (amount > 0) this.creditsGranted.labels(kind).inc(amount);
    else if (amount < 0) this.creditsSpent.labels(kind).inc(-amount);
  }

  checkoutCreated(productKind: 'pack' | 'plan'): void {
    this.checkoutSessions.labels(productKind).inc();
  }

  /** `count` items of `kind` deleted by the retention purge (sessions, failed uploads, checkouts). */
  purged(kind: string, count: number): void {
    if (count > 0) this.retentionPurged.labels(kind).inc(count);
  }

  webhookEvent(type: string, outcome: WebhookOutcome): void {
    this.webhookEvents.labels(type, outcome).inc();
  }

  /** Credits granted for a Stripe event created at `eventCreated` (unix seconds, as Stripe sends it). */
  fulfilled(eventCreated: number): void {
    // A payload without `created` (never Stripe's own) is no figure: prom-client would throw on NaN.
    if (Number.isFinite(eventCreated)) this.fulfillmentDelay.observe(Math.max(0, Date.now() / 1000 - eventCreated));
  }

  blogLookup(hit: boolean): void {
    (hit ? this.blogHit : this.blogMiss).inc();
  }

  rateLimited(limit: string): void {
    this.rateLimitRefusals.labels(limit).inc();
  }

  /** The text of a scrape. */
  async metrics(): Promise<string> {
    return (await this.registry.metrics()) + this.httpText();
  }

  /** The HTTP counter and histogram in the text format, as prom-client would write them. */
  private httpText(): string {
    const lines = [
      '# HELP veo3_http_requests_total HTTP requests answered, by method, route pattern and status class',
      '# TYPE veo3_http_requests_total counter',
      ...[...this.http.values()].map((series) => `veo3_http_requests_total{${series.labels}} ${series.count}`),
      '# HELP veo3_http_request_duration_seconds Time from receiving a request to its reply sent',
      '# TYPE veo3_http_request_duration_seconds histogram',
    ];
    for (const series of this.http.values()) {
      let cumulative = 0;
      series.buckets.forEach((observed, i) => {
        cumulative += observed;
        const le = i < HTTP_BUCKETS.length ? String(HTTP_BUCKETS[i]) : '+Inf';
        lines.push(`veo3_http_request_duration_seconds_bucket{le="${le}",${series.labels}} ${cumulative}`);
      });
      lines.push(`veo3_http_request_duration_seconds_sum{${series.labels}} ${series.sum}`);
      lines.push(`veo3_http_request_duration_seconds_count{${series.labels}} ${series.count}`);
    }
    return `${lines.join('\n')}\n`;
  }

  private taskRead(): Promise<TaskRead | null> {
    this.pendingTaskRead ??= this.bounded(this.readTasks()).finally(() => (this.pendingTaskRead = null));
    return this.pendingTaskRead;
  }

  private async readTasks(): Promise<TaskRead> {
    const rows = await this.moduleRef.get(VideoTaskRepository, { strict: false }).unfinishedByStatus();
    const counts: Partial<Record<string, number>> = {};
    let oldestPending: number | null = null;
    for (const row of rows) {
      counts[row.status] = row.count;
      if (row.status === 'pending') oldestPending = row.oldest;
    }
    return { counts, oldestPending };
  }

  /** `read`'s value, or null when it fails or outlasts the scrape's bound (logged, never thrown). */
  private async bounded<T>(read: Promise<T>): Promise<T | null> {
    try {
      return await withTimeout(read, SCRAPE_READ_TIMEOUT_MS, 'metrics read timed out');
    } catch (error) {
      this.logger.warn(`metrics read failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  private optional<T>(token: unknown): T | null {
    try {
      return this.moduleRef.get(token as never, { strict: false }) as T;
    } catch {
      return null;
    }
  }
}
