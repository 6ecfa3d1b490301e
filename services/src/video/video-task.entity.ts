import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AspectRatio, Resolution } from '@veo3/contracts/generation-options';
import type { VideoTaskKind, VideoTaskStatus } from '@veo3/contracts/video';
export const UNFINISHED: VideoTaskStatus[] = ['pending', 'processing'];

/** An uploaded image kept with a task (a reference image), by its stored name. */
export interface StoredImage {
  path: string;
  mime: string;
}

/** A task's reference images as stored, in the order given. */
export function storedImages(task: Pick<VideoTaskEntity, 'referenceImages'>): StoredImage[] {
  return task.referenceImages ? (JSON.parse(task.referenceImages) as StoredImage[]) : [];
}

/** One generation; this row is the truth about it (the queue only schedules work). */
@Entity('video_tasks')
export class VideoTaskEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 40 })
  model: string;

  @Column({ type: 'text' })
  prompt: string;

  @Column({ name: 'aspect_ratio', type: 'varchar', length: 8, default: '16:9' })
  aspectRatio: AspectRatio;

  @Column({ type: 'varchar', length: 8, default: '720p' })
  resolution: Resolution;

  /** Text mode only. */
  @Column({ name: 'negative_prompt', type: 'varchar', length: 500, nullable: true })
  negativePrompt: string | null;

  @Column({ type: 'varchar', length: 20 })
  status: VideoTaskStatus;

  /** A new video, or an edit or extension of `parentTaskId`. */
  @Column({ type: 'varchar', length: 10, default: 'generate' })
  kind: VideoTaskKind;

  /** The version this one was made from (edit, extend); null for a new video. */
  @Column({ name: 'parent_task_id', type: 'varchar', length: 36, nullable: true })
  parentTaskId: string | null;

  /** The first version of this video; History groups by it. Null (rows written by older releases) means the task's own id. */
  @Column({ name: 'root_task_id', type: 'varchar', length: 36, nullable: true })
  rootTaskId: string | null;

  /** An edit's instruction; text like the prompt (both up to 2000 characters, past MySQL's comfortable varchar). */
  @Column({ type: 'text', nullable: true })
  instruction: string | null;

  /** The video's whole length in seconds (an extension's includes its parent's). */
  @Column({ name: 'duration_s', type: 'int', default: 8 })
  durationS: number;

  /** Omni's reference images as JSON StoredImage[], in the order given; null when there are none. */
  @Column({ name: 'reference_images', type: 'text', nullable: true })
  referenceImages: string | null;

  /** The seed the provider was given (0..MAX_SEED), for a model that takes one; null otherwise. */
  @Column({ type: 'int', unsigned: true, nullable: true })
  seed: number | null;

  /** The first task of the request that made several variations at once; null for a single video. */
  @Column({ name: 'batch_id', type: 'varchar', length: 36, nullable: true })
  batchId: string | null;

  /** The W3C traceparent of the request that created the task (tracing on): its steps join that trace. */
  @Column({ name: 'trace_parent', type: 'varchar', length: 55, nullable: true })
  traceParent: string | null;

  @Column({ name: 'status_message', type: 'varchar', length: 300, nullable: true })
  statusMessage: string | null;

  /** Why the task failed (a TaskFailure): the owner reads our message for it. */
  @Column({ name: 'error_code', type: 'varchar', length: 40, nullable: true })
  errorCode: string | null;

  /** For operators only: what went wrong, in the provider's words with anything like a key masked. */
  @Column({ name: 'error_message', type: 'varchar', length: 500, nullable: true })
  errorMessage: string | null;

  @Column({ type: 'int' })
  cost: number;

  /** The API key that asked for this video (its cap and usage count it); null from the site. */
  @Column({ name: 'api_key_id', type: 'varchar', length: 36, nullable: true })
  apiKeyId: string | null;

  /** The shared video (its share id) this one was made from by "Make one like this"; null otherwise. */
  @Column({ name: 'remix_of', type: 'varchar', length: 22, nullable: true })
  remixOf: string | null;

  @Column({ type: 'varchar', length: 20 })
  provider: string;

  @Column({ name: 'provider_job_id', type: 'varchar', length: 300, nullable: true })
  providerJobId: string | null;

  @Column({ name: 'image_path', type: 'varchar', length: 300, nullable: true })
  imagePath: string | null;

  @Column({ name: 'image_mime', type: 'varchar', length: 40, nullable: true })
  imageMime: string | null;

  /** Image mode only, optional: the frame the video should end on. */
  @Column({ name: 'last_frame_path', type: 'varchar', length: 300, nullable: true })
  lastFramePath: string | null;

  @Column({ name: 'last_frame_mime', type: 'varchar', length: 40, nullable: true })
  lastFrameMime: string | null;

  /** The provider's own model that took the task (e.g. veo-3.1-generate-001), for operators' logs. */
  @Column({ name: 'provider_model', type: 'varchar', length: 100, nullable: true })
  providerModel: string | null;

  /** Secret part of the provider's callback URL: a callback without it is ignored. */
  @Column({ name: 'callback_token', type: 'varchar', length: 64, nullable: true })
  callbackToken: string | null;

  @Column({ name: 'result_path', type: 'varchar', length: 300, nullable: true })
  resultPath: string | null;

  /** The browser's Idempotency-Key: a retried request returns this task instead of paying again. */
  @Column({ name: 'client_key', type: 'varchar', length: 100, nullable: true })
  clientKey: string | null;

  /** SHA-256 of the normalized request the Idempotency-Key first came with (null on older tasks). */
  @Column({ name: 'request_hash', type: 'varchar', length: 64, nullable: true })
  requestHash: string | null;

  /** The effect template this video was made from (video_effects.id); null for any other task. */
  @Column({ name: 'effect_id', type: 'varchar', length: 36, nullable: true })
  effectId: string | null;

  /**
   * What the provider is sent when it differs from `prompt` (an effect's filled template; `prompt`
   * then holds what its owner reads: the effect's name and their words). Null: `prompt` is sent.
   */
  @Column({ name: 'provider_prompt', type: 'text', nullable: true })
  providerPrompt: string | null;

  /** An effect task's inputs as JSON TaskEffectInputs (the effect's slug and name, the texts, which photos). */
  @Column({ name: 'effect_inputs', type: 'text', nullable: true })
  effectInputs: string | null;

  /** When the user confirmed the people in their photos are adults who agreed (an effect showing people). */
  @Column({ name: 'people_consent_at', type: 'datetime', precision: 3, nullable: true })
  peopleConsentAt: Date | null;

  /** A still from the video, shown before it plays (the first frames are often dark). */
  @Column({ name: 'poster_path', type: 'varchar', length: 300, nullable: true })
  posterPath: string | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** Lease: the worker holding the task and until when; another worker may take it only after. */
  @Column({ name: 'locked_by', type: 'varchar', length: 80, nullable: true })
  lockedBy: string | null;

  @Column({ name: 'locked_until', type: 'datetime', precision: 3, nullable: true })
  lockedUntil: Date | null;

  /** The worker (its WorkerIdentity id) that finished the task, for operators. */
  @Column({ name: 'finished_by', type: 'varchar', length: 36, nullable: true })
  finishedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;

  @Column({ name: 'finished_at', type: 'datetime', precision: 3, nullable: true })
  finishedAt: Date | null;

  /** When its owner deleted it from History: hidden everywhere, restorable for TASK_RESTORE_DAYS. */
  @Column({ name: 'deleted_at', type: 'datetime', precision: 3, nullable: true })
  deletedAt: Date | null;
}
