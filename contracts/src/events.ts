/**
 * GET /api/video/events: the Server-Sent Events the service sends (docs/EVENTS.md), one schema per
 * event type (the SSE `event:` field) for its `data`, and the union the service's stream takes.
 */
import { z } from 'zod';
import { PublicVideoTask } from './video';

/** `progress`, `completed`, `failed`: the task exactly as GET /api/video/status/:taskId answers it under `data`. */
export const TaskEventData = PublicVideoTask;
export type TaskEventData = z.infer<typeof TaskEventData>;

/** `balance`: the user's balance after a change. */
export const BalanceEventData = z.object({ total_credits: z.number().int() });
export type BalanceEventData = z.infer<typeof BalanceEventData>;

/** `ready`: sent once after the snapshot; from then on the stream is live. */
export const ReadyEventData = z.object({});
export type ReadyEventData = z.infer<typeof ReadyEventData>;

export const TASK_EVENT_TYPES = ['progress', 'completed', 'failed'] as const;
export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

export const ProgressEvent = z.object({ type: z.literal('progress'), data: TaskEventData });
export const CompletedEvent = z.object({ type: z.literal('completed'), data: TaskEventData });
export const FailedEvent = z.object({ type: z.literal('failed'), data: TaskEventData });
export const BalanceEvent = z.object({ type: z.literal('balance'), data: BalanceEventData });
export const ReadyEvent = z.object({ type: z.literal('ready'), data: ReadyEventData });

/** Each event type's data, as contracts/released keeps them. */
export const STREAM_EVENT_DATA = {
  progress: TaskEventData,
  completed: TaskEventData,
  failed: TaskEventData,
  balance: BalanceEventData,
  ready: ReadyEventData,
} as const;

/** One message of the stream: its type and its data. */
export const StreamEvent = z.discriminatedUnion('type', [
  ProgressEvent,
  CompletedEvent,
  FailedEvent,
  BalanceEvent,
  ReadyEvent,
]);
export type StreamEvent = z.infer<typeof StreamEvent>;
export type StreamEventType = StreamEvent['type'];

/**
 * What a browser relies on in a task event: the task's id and status (any status string, so a
 * status added later does not hide the event); other fields, when present, have their
 * PublicVideoTask types, and unknown ones pass through.
 */
export const TaskEventReading = PublicVideoTask.partial().extend({ id: z.string(), status: z.string() }).loose();
export type TaskEventReading = z.infer<typeof TaskEventReading>;
