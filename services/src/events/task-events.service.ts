import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_BUS, type EventBus, type UserEvent } from './event-bus';

/**
 * Tells the user's event streams, wherever they are, what just changed. Called only after the
 * change is committed, so a stream that reads the database on the event sees it. Never fails its
 * caller: a lost event costs a stream nothing its next snapshot does not bring back.
 */
@Injectable()
export class TaskEventsService {
  private readonly logger = new Logger(TaskEventsService.name);

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  /** A task's status or status message changed (created, progress, completed, failed). */
  taskChanged(userId: string, taskId: string): void {
    this.publish({ type: 'task', userId, taskId });
  }

  balanceChanged(userId: string, totalCredits: number): void {
    this.publish({ type: 'balance', userId, totalCredits });
  }

  private publish(event: UserEvent): void {
    this.bus
      .publish(event)
      .catch((error: unknown) => this.logger.warn(`could not publish a ${event.type} event: ${String(error)}`));
  }
}
