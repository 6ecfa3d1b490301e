/** Shared videos: a finished version made public at `/v/<id>`, optionally offered to the gallery. */
import { z } from 'zod';
import { ok, OkReply } from './envelope';

/** off: not offered to the gallery; listed: shown there; held: waiting for an admin's review; hidden: an admin hid it. */
export const GALLERY_STATES = ['off', 'listed', 'held', 'hidden'] as const;
export const GalleryState = z.enum(GALLERY_STATES);
export type GalleryState = z.infer<typeof GalleryState>;

/** A share id: 16 random bytes in base64url, so it tells nothing of the task or its owner. */
export const ShareId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** The home page gallery's categories (its outside creators' posts use the same). */
export const GALLERY_CATEGORIES = ['animation', 'product', 'movie', 'talk show', 'other'] as const;
export const GalleryCategory = z.enum(GALLERY_CATEGORIES);
export type GalleryCategory = z.infer<typeof GalleryCategory>;

/** The options of a share, as the "Share this video" dialog sets them (POST creates, PATCH changes any). */
const settings = {
  /** The page shows the prompt (and a remix starts from it); off: the page shows neither prompt nor negative prompt. */
  show_prompt: z.boolean(),
  /** The page says "Anonymous" instead of the account's name. */
  anonymous: z.boolean(),
  /** Offered to the community gallery (after its automatic checks); off takes it out, unless an admin hid it. */
  offer_to_gallery: z.boolean(),
  category: GalleryCategory,
  /** A remix may start from the video's first frame (only a video made from one offers it). */
  allow_image_remix: z.boolean(),
};

/** POST /api/share/tasks/:taskId: the defaults are the dialog's (prompt shown, name shown, nothing else). */
export const CreateShareSchema = z.object({
  show_prompt: settings.show_prompt.default(true),
  anonymous: settings.anonymous.default(false),
  offer_to_gallery: settings.offer_to_gallery.default(false),
  category: settings.category.default('other'),
  allow_image_remix: settings.allow_image_remix.default(false),
});
export type CreateShareRequest = z.infer<typeof CreateShareSchema>;

/** PATCH /api/share/:id: any of the settings. */
export const UpdateShareSchema = z.object({
  show_prompt: settings.show_prompt.optional(),
  anonymous: settings.anonymous.optional(),
  offer_to_gallery: settings.offer_to_gallery.optional(),
  category: settings.category.optional(),
  allow_image_remix: settings.allow_image_remix.optional(),
});
export type UpdateShareRequest = z.infer<typeof UpdateShareSchema>;

/** A live share as its owner sees it. */
export const Share = z.object({
  id: ShareId,
  /** The public page: `<SITE_URL>/v/<id>`. */
  url: z.string(),
  task_id: z.string(),
  show_prompt: z.boolean(),
  anonymous: z.boolean(),
  /** The name the page shows; null: "Anonymous". */
  creator_name: z.string().nullable(),
  offer_to_gallery: z.boolean(),
  category: GalleryCategory,
  /** Only ever on for a video made from a first frame. */
  allow_image_remix: z.boolean(),
  gallery_state: GalleryState,
  /** Why it is held or hidden (the automatic check's or a moderator's reason); null otherwise. */
  gallery_reason: z.string().nullable(),
  views: z.number().int(),
  remixes: z.number().int(),
  created_at: z.iso.datetime(),
});
export type Share = z.infer<typeof Share>;
export const ShareReply = ok(Share);
export type ShareReply = z.infer<typeof ShareReply>;

export const ShareParamsSchema = z.object({ id: z.string() });
export type ShareParams = z.infer<typeof ShareParamsSchema>;
export const ShareTaskParamsSchema = z.object({ taskId: z.string() });
export type ShareTaskParams = z.infer<typeof ShareTaskParamsSchema>;

/** GET /api/share/tasks/:taskId: the live share of the caller's task, or null when it is not shared. */
export const TaskShareReply = ok(Share.nullable());
export type TaskShareReply = z.infer<typeof TaskShareReply>;

/** Most task ids one GET /api/share/tasks asks about (a History page holds 10 videos and their versions). */
export const MAX_SHARE_LOOKUP = 100;

/** GET /api/share/tasks?ids=a,b: which of the caller's tasks are shared now. */
export const SharesQuerySchema = z.object({
  ids: z
    .string()
    .max(MAX_SHARE_LOOKUP * 40)
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(z.array(z.string().max(36)).max(MAX_SHARE_LOOKUP)),
});
export type SharesQuery = z.infer<typeof SharesQuerySchema>;
export const SharesReply = ok(z.object({ items: z.array(Share) }));
export type SharesReply = z.infer<typeof SharesReply>;

/** DELETE /api/share/:id ("Stop sharing"): the page, its files and its oEmbed answer 404 from now on. */
export const UnshareReply = ok(z.object({ id: ShareId, unshared_at: z.iso.datetime() }));
export type UnshareReply = z.infer<typeof UnshareReply>;

/** GET /api/share/:id/remix: what "Make one like this" puts in the generator (public, no sign-in). */
export const RemixSource = z.object({
  share_id: ShareId,
  /** The shared page, for the generator's "Remixing a shared video" link. */
  page_url: z.string(),
  /** null when the owner hid the prompt. */
  prompt: z.string().nullable(),
  model: z.string(),
  aspect_ratio: z.string(),
  resolution: z.string(),
  duration_s: z.number().int(),
  negative_prompt: z.string().nullable(),
  /** The video was made from a first frame. */
  has_first_frame: z.boolean(),
  /** The first frame, when the owner lets others start from it; null otherwise. */
  first_frame_url: z.string().nullable(),
});
export type RemixSource = z.infer<typeof RemixSource>;
export const RemixSourceReply = ok(RemixSource);
export type RemixSourceReply = z.infer<typeof RemixSourceReply>;

/** POST /api/share/:id/view: one view of the page, counted unless its owner or a robot looks. */
export const ShareViewReply = OkReply;
export type ShareViewReply = z.infer<typeof ShareViewReply>;

/** GET /api/oembed (oEmbed 1.0, https://oembed.com): `url` a share page of this site. */
export const OEmbedQuerySchema = z.object({
  url: z.string().max(2000),
  format: z.string().max(10).optional(),
  maxwidth: z.coerce.number().int().min(1).optional(),
  maxheight: z.coerce.number().int().min(1).optional(),
});
export type OEmbedQuery = z.infer<typeof OEmbedQuerySchema>;

/** The oEmbed "video" reply, as the specification shapes it (no envelope: consumers read it as it is). */
export const OEmbedReply = z.object({
  type: z.literal('video'),
  version: z.literal('1.0'),
  title: z.string(),
  author_name: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OEmbedReply = z.infer<typeof OEmbedReply>;
