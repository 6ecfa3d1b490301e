import { StreamEvent, TaskEventReading } from './events';
import type { PublicVideoTask } from './video';

const task: PublicVideoTask = {
  id: 't1',
  taskId: 't1',
  status: 'completed',
  status_message: null,
  result_url: '/api/video/file/t1?exp=1&sig=s',
  poster_url: null,
  error_code: null,
  error_message: null,
  model: 'veo3',
  prompt: 'A toy car',
  negative_prompt: null,
  image_url: null,
  last_frame_url: null,
  aspect_ratio: '16:9',
  resolution: '720p',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-01T00:15:00.000Z',
  kind: 'generate',
  parent_task_id: null,
  root_task_id: 't1',
  instruction: null,
  duration_s: 8,
  reference_image_urls: [],
  seed: null,
  batch_id: null,
};

describe('the task events stream', () => {
  it('takes each type with its own data only', () => {
    expect(StreamEvent.safeParse({ type: 'completed', data: task }).success).toBe(true);
    expect(StreamEvent.safeParse({ type: 'balance', data: { total_credits: 40 } }).success).toBe(true);
    expect(StreamEvent.safeParse({ type: 'ready', data: {} }).success).toBe(true);
    expect(StreamEvent.safeParse({ type: 'balance', data: task }).success).toBe(false);
    expect(StreamEvent.safeParse({ type: 'progress', data: { total_credits: 40 } }).success).toBe(false);
    expect(StreamEvent.safeParse({ type: 'deleted', data: task }).success).toBe(false);
  });

  it('lets a browser read every task the service sends, keeping fields it does not know', () => {
    const sent = StreamEvent.parse({ type: 'progress', data: task });
    expect(TaskEventReading.parse({ ...sent.data, future_field: 1 })).toEqual({ ...task, future_field: 1 });
    expect(TaskEventReading.safeParse({ id: 't1', status: 'queued' }).success).toBe(true);
    expect(TaskEventReading.safeParse({ id: 't1', status: 'pending', duration_s: '8' }).success).toBe(false);
  });
});
