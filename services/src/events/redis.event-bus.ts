import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { EventBus, UserEvent, UserEventListener } from './event-bus';

/**
 * Redis pub/sub on `<REDIS_PREFIX>:events`: a worker on any machine publishes, and each API
 * process holds one subscription, fanned out to its streams. Pub/sub keeps nothing, which is
 * fine: a stream that missed an event gets the task from the database in its next snapshot.
 */
export class RedisEventBus implements EventBus {
  private readonly logger = new Logger(RedisEventBus.name);
  private readonly channel: string;
  private readonly publisher: Redis;
  private subscriber: Redis | null = null;
  private readonly listeners = new Set<UserEventListener>();
  private closed = false;

  constructor(
    private readonly redisUrl: string,
    prefix: string,
  ) {
    this.channel = `${prefix}:events`;
    // Connected on the first publish: an API process that never publishes holds one connection only.
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  }

  async publish(event: UserEvent): Promise<void> {
    if (this.closed) return;
    await this.publisher.publish(this.channel, JSON.stringify(event));
  }

  subscribe(listener: UserEventListener): () => void {
    this.listeners.add(listener);
    if (!this.subscriber) {
      // ioredis subscribes again by itself after a reconnect.
      this.subscriber = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
      this.subscriber.on('message', (_channel: string, message: string) => this.deliver(message));
      this.subscriber.on('error', (error: Error) => this.logger.warn(`event subscription: ${error.message}`));
      void this.subscriber.subscribe(this.channel).catch((error: unknown) => {
        this.logger.warn(`could not subscribe to ${this.channel}: ${String(error)}`);
      });
    }
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    for (const redis of [this.publisher, this.subscriber]) {
      if (!redis) continue;
      // QUIT only reaches a ready connection; one still connecting (or reconnecting) is dropped, or its socket outlives the app.
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      redis.disconnect();
    }
  }

  private deliver(message: string): void {
    let event: UserEvent;
    try {
      event = JSON.parse(message) as UserEvent;
    } catch {
      return;
    }
    for (const listener of this.listeners) listener(event);
  }
}
