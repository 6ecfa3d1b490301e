import type { OutgoingHttpHeaders } from 'node:http';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthException } from '../auth/auth.exception';
import { SessionAuthenticator } from '../auth/session-authenticator';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsService } from '../credits/credits.service';
import { ReadinessService } from '../health/readiness.service';
import type { SessionUser } from '../users/session-user';
import type { PublicVideoTask } from '@veo3/contracts/video';
import { VideoService } from '../video/video.service';
import { EVENT_BUS, type EventBus, type UserEvent } from './event-bus';
import { EventStream, lastEventTime, type StreamEventType } from './event-stream';
import { EventsErrorCode, EventsException } from './events.exception';

export const HEARTBEAT_MS = 15_000;
/**
 * How often each stream's session is checked again: the session cache keeps a revoked session for
 * at most SESSION_CACHE_TTL_MS (4 s), so a revocation elsewhere ends its streams within 4.5 s and a
 * lookup, inside the 5 s bound. A check that hits the cache costs a map lookup.
 */
export const SESSION_CHECK_MS = 500;
/** A resumed stream asks for tasks finished a little before its last event: clocks of workers differ. */
export const RESUME_MARGIN_MS = 5_000;

const TASK_EVENT: Record<string, StreamEventType> = { completed: 'completed', failed: 'failed' };

/**
 * The open event streams of this process, by user: one bus subscription fanned out to them, one
 * heartbeat and one session check for all (not a timer per stream), the per-user limit, and the
 * end of every stream when the drain begins.
 */
@Injectable()
export class EventStreamsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventStreamsService.name);
  private readonly byUser = new Map<string, EventStream[]>();
  // Events of one user are handled in order, so a stream never shows "processing" after "completed".
  private readonly userQueues = new Map<string, Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private checking = false;
  private draining = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly video: VideoService,
    private readonly credits: CreditsService,
    private readonly sessions: SessionAuthenticator,
    private readonly readiness: ReadinessService,
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
  async open(user: SessionUser, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.draining)
      throw new EventsException(EventsErrorCode.Draining, 'This server is restarting. Please reconnect.');
    const since = lastEventTime(request.headers['last-event-id']);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      // What the hooks set so far (security headers); the hijacked reply skips the rest.
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.flushHeaders();
    raw.socket?.setNoDelay(true);
    raw.socket?.setKeepAlive(true, HEARTBEAT_MS);

    const stream = new EventStream(user.id, request.headers.authorization ?? '', raw);
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
    try {
      const snapshot = await this.video.eventSnapshot(user.id, since && new Date(since.getTime() - RESUME_MARGIN_MS));
      for (const task of snapshot.unfinished) stream.send('progress', task);
      if (since) {
        for (const task of snapshot.finished) stream.send(TASK_EVENT[task.status]!, task);
        stream.send('balance', { total_credits: await this.credits.balanceOf(user.id) });
      }
      stream.send('ready', {});
      stream.goLive();
    } catch (error) {
      this.logger.warn(`event stream snapshot failed: ${String(error)}`);
      stream.end();
    }
  }

  private add(stream: EventStream): void {
    const streams = this.byUser.get(stream.userId) ?? [];
    this.byUser.set(stream.userId, streams);
    streams.push(stream);
    // The oldest goes first: it is most likely a tab left behind.
    while (streams.length > this.config.eventsMaxPerUser) streams.shift()!.end();
  }

  private remove(stream: EventStream): void {
    stream.end();
    const streams = this.byUser.get(stream.userId);
    if (!streams) return;
    const index = streams.indexOf(stream);
    if (index >= 0) streams.splice(index, 1);
    if (!streams.length) this.byUser.delete(stream.userId);
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
    let type: StreamEventType;
    let data: PublicVideoTask | { total_credits: number } | null;
    if (event.type === 'balance') {
      type = 'balance';
      data = { total_credits: event.totalCredits };
    } else {
      // Read once for all of the user's streams here; the row is the truth, whatever the event said.
      data = await this.video.publicTask(event.userId, event.taskId);
      if (!data) return;
      type = TASK_EVENT[data.status] ?? 'progress';
    }
    for (const stream of this.byUser.get(event.userId) ?? []) stream.push(type, data);
  }

  private heartbeat(): void {
    for (const streams of this.byUser.values()) for (const stream of streams) stream.comment('ping');
  }

  /** Ends the streams of sessions that were revoked or expired; a database hiccup ends nothing. */
  private async checkSessions(): Promise<void> {
    if (this.checking || !this.byUser.size) return;
    this.checking = true;
    try {
      const byToken = new Map<string, EventStream[]>();
      for (const streams of this.byUser.values())
        for (const stream of streams)
          byToken.set(stream.authorization, [...(byToken.get(stream.authorization) ?? []), stream]);
      for (const [authorization, streams] of byToken) {
        const ended = await this.sessions.authenticate(authorization).then(
          (signedIn) => signedIn === null,
          (error: unknown) => error instanceof AuthException,
        );
        if (ended) for (const stream of streams) this.remove(stream);
      }
    } finally {
      this.checking = false;
    }
  }

  private endAll(): void {
    this.draining = true;
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) this.remove(stream);
  }
}
