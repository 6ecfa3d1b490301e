import { EventEmitter } from 'node:events';
import type { EventBus, UserEvent, UserEventListener } from './event-bus';

/** The embedded default: the worker runs in this process, so its events never leave it. */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: UserEvent): Promise<void> {
    this.emitter.emit('event', event);
  }

  subscribe(listener: UserEventListener): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
