/** Video generation: the form, the options on offer, a task's status, the history, the provider callback, file links. */
import { z } from 'zod';
import { ASPECT_RATIOS, MAX_NEGATIVE_PROMPT_LENGTH, MAX_PROMPT_LENGTH, RESOLUTIONS } from './generation-options';
import { EXTEND_SECONDS, VIDEO_MODEL_IDS } from './catalogue';
import { OfferedModel } from './model-catalogue';
import { TaskEffect } from './effects';
import { ok, OkReply } from './envelope';

export const AspectRatio = z.enum(ASPECT_RATIOS);
export const Resolution = z.enum(RESOLUTIONS);
export const VideoModelIdSchema = z.enum(VIDEO_MODEL_IDS);

/**
 * Text fields of POST /api/video/generate, by their names on the wire: multipart (with the files
 * GENERATE_FORM_FILES) or, for API callers, the same fields as JSON without images. The service
 * checks them itself (video.service.ts, options-check.ts), in the spec's order and with its messages,
 * so every field is optional here: a missing prompt is a 400 with VIDEO_PROMPT_REQUIRED.
 */
export const GenerateFormSchema = z.object({
  prompt: z.string().optional(),
  /** A model's apiPath (catalogue VIDEO_MODELS). */
  model: z.string().optional(),
  aspect_ratio: z.string().optional(),
  resolution: z.string().optional(),
  negative_prompt: z.string().max(MAX_NEGATIVE_PROMPT_LENGTH).optional(),
  /** Seconds, one of the model's catalogue `durations` (default VIDEO_DURATION_SECONDS); a model with one length refuses others. */
  duration: z.string().optional(),
  /** How many videos to make from this one form: 1 (default), or VIDEO_VARIATIONS' larger counts; each charged. */
  variations: z.string().optional(),
  /** A whole number 0..MAX_SEED for a model that takes one; variations get seed, seed + 1, …; random when left out. */
  seed: z.string().optional(),
  /**
   * "Compare models": 2 or 3 model ids, comma-separated, that each make one video of this prompt (and
   * image), each charged at its own price, in one request (then `model` and `variations` are left out).
   */
  compare: z.string().optional(),
  /**
   * "Make one like this": the id of the shared video this one starts from. It must be shared now
   * (else 422 VIDEO_REMIX_UNAVAILABLE before any charge); each task made is counted as one remix of it.
   */
  remix_of: z.string().max(40).optional(),
});
export type GenerateForm = z.infer<typeof GenerateFormSchema>;

/**
 * The form's file fields: the first frame (image mode), the optional last frame, and up to
 * MAX_REFERENCE_IMAGES reference images (Omni; the field repeated); each at most 10 MB.
 */
export const GENERATE_FORM_FILES = ['image', 'last_frame', 'reference_images'] as const;
/** Pictures of a character or product that Omni carries into the shot. */
export const MAX_REFERENCE_IMAGES = 3;
export type GenerateFormFile = (typeof GENERATE_FORM_FILES)[number];

/** The variation counts a generate request may ask for ("×2", "×4"). */
export const VIDEO_VARIATIONS = [1, 2, 4] as const;
/** The largest seed a model takes (an unsigned 32-bit number, as Veo's API documents). */
export const MAX_SEED = 4_294_967_295;

/** POST /api/video/generate (edit and extend too): `taskId` is the first of `taskIds`, one per video made. */
export const GenerateResult = z.object({
  taskId: z.string(),
  taskIds: z.array(z.string()),
  remainingCredits: z.number().int(),
});
export type GenerateResult = z.infer<typeof GenerateResult>;
export const GenerateReply = ok(GenerateResult);
export type GenerateReply = z.infer<typeof GenerateReply>;

/** GET /api/video/options: what the generator may offer now, and whether each model is available. */
export const VideoOptions = z.object({
  defaults: z.object({ aspect_ratio: AspectRatio, resolution: Resolution }),
  shapes: z.array(z.object({ aspect_ratio: AspectRatio, resolution: Resolution })),
  negative_prompt: z.boolean(),
  last_frame: z.boolean(),
  /** The first three models only, as before the catalogue; `catalogue` has every model. */
  models: z.record(
    VideoModelIdSchema,
    z.object({
      available: z.boolean(),
      message: z.string().nullable(),
      prices: z.record(z.enum(['720p', '1080p']), z.number().int()),
      /** Credits per second for a model priced by length (then `prices` is for 8 s), else null. */
      per_second: z.number().int().nullable(),
      /** The lengths (seconds) the model makes; [8] for Veo. */
      durations: z.array(z.number().int()),
      /** Whether a finished video of this model can be edited by instruction and extended. */
      editable: z.boolean(),
      /** Whether the model takes a seed (then each variation gets its own, kept with the task). */
      seed: z.boolean(),
      /** Whether an extension of this model's video takes an instruction for what happens next. */
      extend_instruction: z.boolean(),
    }),
  ),
  /** The variation counts on offer (VIDEO_VARIATIONS). */
  variations: z.array(z.number().int()),
  /** How many generations one user may have in the making at once (VIDEO_MAX_ACTIVE_PER_USER). */
  max_active: z.number().int(),
  /** Every model on offer, in the catalogue's order (grouped by vendor), with its state and wait. */
  catalogue: z.array(OfferedModel),
  /** How many models "Compare models" takes at most (at least 2). */
  max_compare: z.number().int(),
});
export type VideoOptions = z.infer<typeof VideoOptions>;
export const VideoOptionsReply = ok(VideoOptions);
export type VideoOptionsReply = z.infer<typeof VideoOptionsReply>;

export const VIDEO_TASK_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const VideoTaskStatus = z.enum(VIDEO_TASK_STATUSES);
export type VideoTaskStatus = z.infer<typeof VideoTaskStatus>;

/** Why a task failed, as told to its owner (services/src/video/task-failure.ts). */
export const TASK_FAILURES = [
  'provider_refused',
  'provider_unavailable',
  'rate_limited',
  'timeout',
  'download_failed',
  'model_unavailable',
  'safety_blocked',
  'generation_failed',
  /** Cancelled by its owner through the developer API while still queued (`POST /v1/videos/:id/cancel`), refunded. */
  'cancelled',
] as const;
export const TaskFailureCode = z.enum(TASK_FAILURES);
export type TaskFailureCode = z.infer<typeof TaskFailureCode>;

/** How a task came to be: a new video, an edit of its parent by instruction, or its parent made longer. */
export const VIDEO_TASK_KINDS = ['generate', 'edit', 'extend'] as const;
export const VideoTaskKind = z.enum(VIDEO_TASK_KINDS);
export type VideoTaskKind = z.infer<typeof VideoTaskKind>;

/** A task as its owner sees it (video.service.ts PublicVideoTask). */
export const PublicVideoTask = z.object({
  id: z.string(),
  /** The same as `id` (SPEC §3 'taskId or id'). */
  taskId: z.string(),
  status: VideoTaskStatus,
  status_message: z.string().nullable(),
  result_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  error_code: TaskFailureCode.nullable(),
  error_message: z.string().nullable(),
  model: z.string(),
  prompt: z.string(),
  negative_prompt: z.string().nullable(),
  /** Signed links to the pictures the task was made from (image mode), so a user can reuse them. */
  image_url: z.string().nullable(),
  last_frame_url: z.string().nullable(),
  aspect_ratio: AspectRatio,
  resolution: Resolution,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** When the server gives up on an unfinished task (and refunds it). */
  expires_at: z.iso.datetime(),
  kind: VideoTaskKind,
  /** The version this one was edited or extended from; null for a new video. */
  parent_task_id: z.string().nullable(),
  /** The first version of this video (its own id for a new video): History groups versions by it. */
  root_task_id: z.string(),
  /** An edit's instruction ("make it night"); null otherwise. */
  instruction: z.string().nullable(),
  /** The video's whole length in seconds (an extension's includes its parent's). */
  duration_s: z.number().int(),
  /** Signed links to the reference images (Omni), in the order given. */
  reference_image_urls: z.array(z.string()),
  /** The seed the video was made with, for a model that takes one; null otherwise. */
  seed: z.number().int().nullable(),
  /** The first task of the request that made several variations at once; null for a single video. */
  batch_id: z.string().nullable(),
  /** The effect the video was made from (its page, for "Make another"); null or absent otherwise. */
  effect: TaskEffect.nullable().optional(),
});
export type PublicVideoTask = z.infer<typeof PublicVideoTask>;

/** POST /api/video/edit/:taskId: what to change in the video; the rest of the shot stays. */
export const EditRequestSchema = z.object({ instruction: z.string().trim().min(1).max(MAX_PROMPT_LENGTH) });
export type EditRequest = z.infer<typeof EditRequestSchema>;

/** POST /api/video/extend/:taskId: seconds to add (the whole video stays within MAX_VIDEO_SECONDS). */
export const ExtendRequestSchema = z.object({
  seconds: z.number().int().min(EXTEND_SECONDS.min).max(EXTEND_SECONDS.max),
  /** What happens next, for a model that takes one (options' `extend_instruction`); refused otherwise. */
  instruction: z.string().trim().min(1).max(MAX_PROMPT_LENGTH).optional(),
});
export type ExtendRequest = z.infer<typeof ExtendRequestSchema>;

/**
 * POST /api/video/remake/:taskId: the same video made again at another resolution (a draft at full
 * resolution): the task's prompt, settings, pictures and seed, charged at the new price.
 */
export const RemakeRequestSchema = z.object({ resolution: Resolution });
export type RemakeRequest = z.infer<typeof RemakeRequestSchema>;

export const TaskParamsSchema = z.object({ taskId: z.string() });
export type TaskParams = z.infer<typeof TaskParamsSchema>;

/** GET /api/video/status/:taskId. */
export const VideoStatusReply = ok(PublicVideoTask);
export type VideoStatusReply = z.infer<typeof VideoStatusReply>;

export const HistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/** A video in History: its newest finished version, with every finished version (newest first, itself included). */
export const HistoryVideo = PublicVideoTask.extend({ versions: z.array(PublicVideoTask) });
export type HistoryVideo = z.infer<typeof HistoryVideo>;

/**
 * GET /api/video/history: videos (a root and its edits and extensions) by their newest finished
 * version, newest first, paged and counted by video; on page 1 also the latest unfinished tasks.
 */
export const VideoHistory = z.object({
  items: z.array(HistoryVideo),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  in_progress: z.array(PublicVideoTask),
});
export type VideoHistory = z.infer<typeof VideoHistory>;
export const VideoHistoryReply = ok(VideoHistory);
export type VideoHistoryReply = z.infer<typeof VideoHistoryReply>;

/** GET /api/video/recent: the generator's feed. */
export const RecentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type RecentQuery = z.infer<typeof RecentQuerySchema>;

/**
 * The user's latest tasks of every status (not deleted), newest first, and how many generations
 * are in the making against the per-user limit.
 */
export const RecentTasks = z.object({
  items: z.array(PublicVideoTask),
  active: z.number().int(),
  max_active: z.number().int(),
});
export type RecentTasks = z.infer<typeof RecentTasks>;
export const RecentTasksReply = ok(RecentTasks);
export type RecentTasksReply = z.infer<typeof RecentTasksReply>;

/** DELETE /api/video/tasks/:taskId: the task is hidden from its owner until restored, at most until `restorable_until`. */
export const DeletedVideoTask = z.object({
  id: z.string(),
  deleted_at: z.iso.datetime(),
  restorable_until: z.iso.datetime(),
});
export type DeletedVideoTask = z.infer<typeof DeletedVideoTask>;
export const DeleteVideoTaskReply = ok(DeletedVideoTask);
export type DeleteVideoTaskReply = z.infer<typeof DeleteVideoTaskReply>;

/** POST /api/video/tasks/:taskId/restore: the task as GET /api/video/status/:taskId answers it. */
export const RestoreVideoTaskReply = ok(PublicVideoTask);
export type RestoreVideoTaskReply = z.infer<typeof RestoreVideoTaskReply>;

/** Query of the file routes (file, poster, upload, last-frame): a signed link's expiry (seconds) and signature. */
export const FileQuerySchema = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});
export type FileQuery = z.infer<typeof FileQuerySchema>;

/** A provider callback carries the task's token in its URL (we choose the URL; the body is the provider's). */
export const CallbackQuerySchema = z.object({
  token: z.string().max(100).optional(),
});
export type CallbackQuery = z.infer<typeof CallbackQuerySchema>;

/** POST /api/video/callback/:taskId. */
export const CallbackReply = OkReply;
export type CallbackReply = z.infer<typeof CallbackReply>;
