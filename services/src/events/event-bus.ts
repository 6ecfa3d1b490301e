/**
 * What a worker tells the API processes after a database write: a task of `userId` changed (the
 * receiver reads it from the database, so the row stays the truth), or the user's balance is now
 * `totalCredits`.
 */
export type UserEvent =
  { type: 'task'; userId: string; taskId: string } | { type: 'balance'; userId: string; totalCredits: number };

export type UserEventListener = (event: UserEvent) => void;

/** Carries UserEvents from the process that wrote the database to every API process. */
export interface EventBus {
  publish(event: UserEvent): Promise<void>;
  /** Calls `listener` for every event published by any process; returns the unsubscribe. */
  subscribe(listener: UserEventListener): () => void;
  close(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');
