import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/auth.guards';
import { SessionAuthenticator } from '../auth/session-authenticator';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsService } from '../credits/credits.service';
import { ReadinessService } from '../health/readiness.service';
import { MetricsService } from '../metrics/metrics.service';
import type { StreamEvent, TaskEventType } from '@veo3/contracts/events';
import type { PublicVideoTask } from '@veo3/contracts/video';
import { VideoHistoryService } from '../video/video-history.service';
import { startEventStreamReply } from '../http/event-stream-reply';
import { EVENT_BUS, type EventBus, type UserEvent } from './event-bus';
import { EventStream, lastEventTime, type StreamOwner } from './event-stream';
import { EventsErrorCode, EventsException } from './events.exception';
import { USER_PRESENCE, type UserPresence } from './user-presence';

export const HEARTBEAT_MS = 15_000;
/**
 * How often the sessions of all open streams are checked again, in one query (per 500 streams)
 * whatever their number: a revocation anywhere ends its streams within about a second.
 */
export const SESSION_CHECK_MS = 1_000;
/** The window of EVENTS_OPEN_RATE_LIMIT. */
const OPEN_RATE_WINDOW_MS = 60_000;
/** No stream has an end time to wait for, so a crowded address is told the client's longest backoff. */
const CROWDED_RETRY_AFTER_S = 30;
/** A resumed stream asks for tasks finished a little before its last event: clocks of workers differ. */
export const RESUME_MARGIN_MS = 5_000;

/** What a refused stream is told, and its label in veo3_rate_limit_refusals_total. */
const REFUSALS = {
  [EventsErrorCode.TooManyFromAddress]: {
    limit: 'events_ip',
    message: 'Too many live update streams are open from your network. Please try again later.',
  },
  [EventsErrorCode.RateLimited]: {
    limit: 'events',
    message: 'Too many live update streams were opened. Please wait a minute and try again.',
  },
} as const;

const TASK_EVENT: Record<string, TaskEventType> = { completed: 'completed', failed: 'failed' };

/** A task's event: `completed` or `failed` once it finished, else `progress`. */
const taskEvent = (task: PublicVideoTask): StreamEvent => ({ type: TASK_EVENT[task.status] ?? 'progress', data: task });

/**
 * The open event streams of this process, by user: one bus subscription fanned out to them, one
 * heartbeat and one session check for all (not a timer per stream), the limits (streams per user
 * and per address here, opens per user in the rate limiter's storage, shared through Redis), and
 * the end of every stream when the drain begins.
 */
@Injectable()
export class EventStreamsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventStreamsService.name);
  private readonly byUser = new Map<string, EventStream[]>();
  private readonly countByAddress = new Map<string, number>();
  // Events of one user are handled in order, so a stream never shows "processing" after "completed".
  private readonly userQueues = new Map<string, Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private checking = false;
  private draining = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly video: VideoHistoryService,
    private readonly credits: CreditsService,
    private readonly sessions: SessionAuthenticator,
    private readonly readiness: ReadinessService,
    private readonly metrics: MetricsService,
    @InjectThrottlerStorage() private readonly opens: ThrottlerStorage,
    @Inject(USER_PRESENCE) private readonly presence: UserPresence,
  ) {}

  onApplicationBootstrap(): void {
    this.unsubscribe = this.bus.subscribe((event) => this.dispatch(event));
    this.readiness.onDrain(() => this.endAll());
    this.timers = [
      setInterval(() => this.heartbeat(), HEARTBEAT_MS).unref(),
      setInterval(() => void this.checkSessions(), SESSION_CHECK_MS).unref(),
    ];
  }

  beforeApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.unsubscribe?.();
    this.endAll();
  }

  /** Answers GET /api/video/events for a signed-in user: headers, snapshot, `ready`, then live events. */
  async open(request: AuthenticatedRequest, reply: FastifyReply): Promise<void> {
    const owner: StreamOwner = { userId: request.user.id, sessionId: request.sessionId, address: request.ip };
    // Before counting the open, and again after: the drain or other streams may have come meanwhile.
    this.admit(owner, reply);
    await this.countOpen(owner.userId, reply);
    this.admit(owner, reply);
    const since = lastEventTime(request.headers['last-event-id']);
    const stream = new EventStream(owner, startEventStreamReply(reply, HEARTBEAT_MS));
    const raw = reply.raw;
    const opened = Date.now();
    raw.on('close', () => {
      this.remove(stream);
      // A hijacked reply gets no request line: one when the stream ends, with what an operator reads (no token, no query).
      request.log.info(
        { method: 'GET', route: request.routeOptions.url ?? null, status: 200, durationMs: Date.now() - opened },
        'event stream',
      );
    });
    this.add(stream);
    // Gone before we listened: 'close' will not come again.
    if (raw.destroyed) return this.remove(stream);
    await this.sendSnapshot(stream, since);
  }

  /** Refuses a stream while draining, or one more from an address that holds its share of this process. */
  private admit(owner: StreamOwner, reply: FastifyReply): void {
    if (this.draining)
      throw new EventsException(EventsErrorCode.Draining, 'This server is restarting. Please reconnect.');
    const held = this.countByAddress.get(owner.address) ?? 0;
    // The user's oldest stream, ended to make room for this one, frees its place.
    const own = this.byUser.get(owner.userId) ?? [];
    const replaces = own.length >= this.config.eventsMaxPerUser && own[0]!.owner.address === owner.address;
    if (held - (replaces ? 1 : 0) < this.config.eventsMaxPerAddress) return;
    this.refuse(reply, EventsErrorCode.TooManyFromAddress, CROWDED_RETRY_AFTER_S);
  }

  /** Counts an open against the user's EVENTS_OPEN_RATE_LIMIT; the one past it is refused (and not counted). */
  private async countOpen(userId: string, reply: FastifyReply): Promise<void> {
    const { isBlocked, timeToBlockExpire } = await this.opens.increment(
      `user:${userId}`,
      OPEN_RATE_WINDOW_MS,
      this.config.eventsOpenRateLimit,
      0,
      'events',
    );
    if (!isBlocked) return;
    this.refuse(reply, EventsErrorCode.RateLimited, timeToBlockExpire);
  }

  private refuse(reply: FastifyReply, code: keyof typeof REFUSALS, retryAfterS: number): never {
    void reply.header('retry-after', String(Math.max(1, retryAfterS)));
    this.metrics.rateLimited(REFUSALS[code].limit);
    throw new EventsException(code, REFUSALS[code].message);
  }

  private async sendSnapshot(stream: EventStream, since: Date | null): Promise<void> {
    const { userId } = stream.owner;
    try {
      const snapshot = await this.video.eventSnapshot(userId, since && new Date(since.getTime() - RESUME_MARGIN_MS));
      for (const task of snapshot.unfinished) stream.send({ type: 'progress', data: task });
      if (since) {
        for (const task of snapshot.finished) stream.send(taskEvent(task));
        stream.send({ type: 'balance', data: { total_credits: await this.credits.balanceOf(userId) } });
      }
      stream.send({ type: 'ready', data: {} });
      stream.goLive();
    } catch (error) {
      this.logger.warn(`event stream snapshot failed: ${String(error)}`);
      stream.end();
    }
  }

  private add(stream: EventStream): void {
    const { userId, address } = stream.owner;
    const streams = this.byUser.get(userId) ?? [];
    this.byUser.set(userId, streams);
    streams.push(stream);
    // The user is watching: "ready" notifications wait for them to leave (notifications/).
    this.presence.enter(userId);
    this.countByAddress.set(address, (this.countByAddress.get(address) ?? 0) + 1);
    // The oldest goes first: it is most likely a tab left behind.
    while (streams.length > this.config.eventsMaxPerUser) this.remove(streams[0]!);
  }

  /** Ends the stream and forgets it; again (its 'close' after an end here) changes nothing. */
  private remove(stream: EventStream): void {
    stream.end();
    const { userId, address } = stream.owner;
    const streams = this.byUser.get(userId);
    const index = streams?.indexOf(stream) ?? -1;
    if (index < 0) return;
    streams!.splice(index, 1);
    this.presence.leave(userId);
    if (!streams!.length) this.byUser.delete(userId);
    const held = this.countByAddress.get(address)! - 1;
    if (held > 0) this.countByAddress.set(address, held);
    else this.countByAddress.delete(address);
  }

  private dispatch(event: UserEvent): void {
    if (!this.byUser.has(event.userId)) return;
    const previous = this.userQueues.get(event.userId) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(event))
      .catch((error: unknown) => this.logger.warn(`could not deliver a ${event.type} event: ${String(error)}`))
      .finally(() => {
        if (this.userQueues.get(event.userId) === next) this.userQueues.delete(event.userId);
      });
    this.userQueues.set(event.userId, next);
  }

  private async deliver(event: UserEvent): Promise<void> {
    let message: StreamEvent;
    if (event.type === 'balance') {
      message = { type: 'balance', data: { total_credits: event.totalCredits } };
    } else {
      // Read once for all of the user's streams here; the row is the truth, whatever the event said.
      const task = await this.video.publicTask(event.userId, event.taskId);
      if (!task) return;
      message = taskEvent(task);
    }
    for (const stream of this.byUser.get(event.userId) ?? []) stream.push(message);
  }

  private heartbeat(): void {
    for (const streams of this.byUser.values()) for (const stream of streams) stream.comment('ping');
  }

  /** Ends the streams of sessions that were revoked or expired, all checked in one query; a database hiccup ends nothing. */
  private async checkSessions(): Promise<void> {
    if (this.checking || !this.byUser.size) return;
    this.checking = true;
    try {
      const streams = [...this.byUser.values()].flat();
      const live = await this.sessions.liveSessionIds([...new Set(streams.map((s) => s.owner.sessionId))]);
      for (const stream of streams) if (!live.has(stream.owner.sessionId)) this.remove(stream);
    } catch (error) {
      this.logger.warn(`could not check the event streams' sessions: ${String(error)}`);
    } finally {
      this.checking = false;
    }
  }

  private endAll(): void {
    this.draining = true;
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) this.remove(stream);
  }
}
