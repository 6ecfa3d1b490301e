import type * as EventsContract from '@veo3/contracts/events';
import type { TaskEventReading, TaskEventType } from '@veo3/contracts/events';
import type { SseMessage } from '@veo3/platform/events/sse-parser';

/** A message of the stream once checked against the contract's event schemas (contracts/src/events.ts). */
export type StreamMessage =
  { type: 'ready' } | { type: 'balance'; totalCredits: number } | { type: TaskEventType; task: TaskEventReading };

export type EventSchemas = typeof EventsContract;

let schemas: Promise<EventSchemas> | null = null;

/**
 * The schemas, loaded with the first stream rather than with the page: zod stays out of the
 * JavaScript of the first paint, and visitors, who never open a stream, never load it.
 */
export function loadEventSchemas(): Promise<EventSchemas> {
  schemas ??= import('@veo3/contracts/events');
  return schemas;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The message's event, or null for a malformed one or a type this page does not know (both ignored). */
export function readStreamMessage(message: SseMessage, events: EventSchemas): StreamMessage | null {
  // `ready` carries nothing the page needs: its data is not read.
  if (message.event === 'ready') return { type: 'ready' };
  const data = parseJson(message.data);
  if (message.event === 'balance') {
    const balance = events.BalanceEventData.safeParse(data);
    return balance.success ? { type: 'balance', totalCredits: balance.data.total_credits } : null;
  }
  const type = events.TASK_EVENT_TYPES.find((name) => name === message.event);
  const task = type && events.TaskEventReading.safeParse(data);
  return type && task?.success ? { type, task: task.data } : null;
}
