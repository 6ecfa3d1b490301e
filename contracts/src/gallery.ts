/**
 * The community gallery: the public listing of shared videos their owners offered (GET /api/gallery,
 * the /explore page, the home page's gallery), visitors' reports, and its review in the admin console.
 */
import { z } from 'zod';
import { AdminReason } from './credits';
import { ok } from './envelope';
import { stripControlCharacters } from './plain-text';
import { GalleryCategory, GalleryState, ShareId } from './sharing';

/** Page sizes of the public listing: the default, and the most one page may hold. */
export const GALLERY_LIST_LIMITS = { defaultSize: 24, maxSize: 48 } as const;

/** newest: the latest listed first; popular: the most viewed first. */
export const GALLERY_SORTS = ['newest', 'popular'] as const;
export const GallerySort = z.enum(GALLERY_SORTS);
export type GallerySort = z.infer<typeof GallerySort>;

/**
 * GET /api/gallery. A page by `cursor` (the previous page's `next_cursor`: stable while videos are
 * listed meanwhile) or by `page` (from 1: the /explore page's links); `cursor` wins when both are sent.
 */
export const GalleryListQuerySchema = z.object({
  sort: GallerySort.default('newest'),
  category: GalleryCategory.optional(),
  cursor: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(GALLERY_LIST_LIMITS.maxSize).default(GALLERY_LIST_LIMITS.defaultSize),
});
export type GalleryListQuery = z.infer<typeof GalleryListQuerySchema>;

/** One listed video as anyone may see it. */
export const GalleryItem = z.object({
  id: ShareId,
  /** Its public page, `<SITE_URL>/v/<id>`. */
  url: z.string(),
  /** `/v/<id>/poster.jpg` and `/v/<id>/video.mp4` (site-relative). */
  poster_url: z.string(),
  video_url: z.string(),
  /** null when the owner hides it. */
  prompt: z.string().nullable(),
  model: z.string(),
  duration_s: z.number().int(),
  aspect_ratio: z.string(),
  /** null: "Anonymous". */
  creator_name: z.string().nullable(),
  views: z.number().int(),
  remixes: z.number().int(),
  category: GalleryCategory,
  listed_at: z.iso.datetime(),
});
export type GalleryItem = z.infer<typeof GalleryItem>;

export const GalleryList = z.object({
  items: z.array(GalleryItem),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
  /** The page asked for (1 with a cursor). */
  page: z.number().int(),
  has_more: z.boolean(),
});
export type GalleryList = z.infer<typeof GalleryList>;
export const GalleryListReply = ok(GalleryList);
export type GalleryListReply = z.infer<typeof GalleryListReply>;

/** Why a visitor reports a video, in the report form's order. */
export const GALLERY_REPORT_REASONS = ['sexual', 'violence', 'hate', 'copyright', 'spam', 'other'] as const;
export const GalleryReportReason = z.enum(GALLERY_REPORT_REASONS);
export type GalleryReportReason = z.infer<typeof GalleryReportReason>;

/** A report's optional details: at most this many characters. */
export const GALLERY_REPORT_DETAILS_MAX = 500;

/** Free text a visitor writes for the moderators: plain, without hidden characters; empty means none. */
const ReportDetails = z
  .string()
  .overwrite((v) => stripControlCharacters(v, { multiline: true }))
  .trim()
  .max(GALLERY_REPORT_DETAILS_MAX, `details are at most ${GALLERY_REPORT_DETAILS_MAX} characters`)
  .transform((v) => v || null);

/** The report form's fields (POST /v/:id/report, form-urlencoded). */
export const GalleryReportFormSchema = z.object({
  reason: GalleryReportReason,
  details: ReportDetails.optional(),
});
export type GalleryReportForm = z.infer<typeof GalleryReportFormSchema>;

/** POST /api/gallery/reports. */
export const GalleryReportSchema = GalleryReportFormSchema.extend({ share_id: ShareId });
export type GalleryReportRequest = z.infer<typeof GalleryReportSchema>;

/** A report taken (a repeat by the same visitor is taken too, and counts once). */
export const GalleryReportReply = ok(z.object({ received: z.literal(true) }));
export type GalleryReportReply = z.infer<typeof GalleryReportReply>;

export const GalleryPageParamsSchema = z.object({ id: z.string() });

// admin

/** The review queue's tabs: held (waiting for review), with open reports, listed, hidden. */
export const ADMIN_GALLERY_FILTERS = ['held', 'reported', 'listed', 'hidden'] as const;
export const AdminGalleryFilter = z.enum(ADMIN_GALLERY_FILTERS);
export type AdminGalleryFilter = z.infer<typeof AdminGalleryFilter>;

/** The console's page size. */
export const ADMIN_GALLERY_PAGE_SIZE = 25;

export const AdminGalleryQuerySchema = z.object({
  state: AdminGalleryFilter.default('held'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminGalleryQuery = z.infer<typeof AdminGalleryQuerySchema>;

/** A shared video offered to the gallery, as a moderator sees it. */
export const AdminGalleryItem = z.object({
  id: ShareId,
  url: z.string(),
  poster_url: z.string(),
  video_url: z.string(),
  /** The prompt, also when the owner hides it from the public. */
  prompt: z.string(),
  show_prompt: z.boolean(),
  model: z.string(),
  duration_s: z.number().int(),
  aspect_ratio: z.string(),
  creator_name: z.string().nullable(),
  category: GalleryCategory,
  state: GalleryState,
  /** Why it is held or hidden. */
  reason: z.string().nullable(),
  listed_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  views: z.number().int(),
  remixes: z.number().int(),
  owner_id: z.string(),
  /** null when the owner's account is gone. */
  owner_email: z.string().nullable(),
  owner_banned: z.boolean(),
  /** Reports not yet reviewed: how many, by reason, and the latest details written (at most 5). */
  reports: z.object({
    open: z.number().int(),
    by_reason: z.array(z.object({ reason: GalleryReportReason, count: z.number().int() })),
    details: z.array(z.string()),
  }),
});
export type AdminGalleryItem = z.infer<typeof AdminGalleryItem>;

export const AdminGalleryReply = ok(
  z.object({
    items: z.array(AdminGalleryItem),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
);
export type AdminGalleryReply = z.infer<typeof AdminGalleryReply>;

export const AdminGalleryParamsSchema = z.object({ id: z.string() });
export const AdminGalleryUserParamsSchema = z.object({ id: z.string() });

/** Hide, restore, dismiss reports, ban, unban: each with a required reason, kept in the audit log. */
export const AdminGalleryActionSchema = z.object({ reason: AdminReason });
export type AdminGalleryActionRequest = z.infer<typeof AdminGalleryActionSchema>;

export const AdminGalleryItemReply = ok(AdminGalleryItem);
export type AdminGalleryItemReply = z.infer<typeof AdminGalleryItemReply>;

/** A user's standing in the gallery after a ban or an unban; `hidden`: how many listed videos the ban hid. */
export const AdminGalleryBan = z.object({
  user_id: z.string(),
  banned: z.boolean(),
  hidden: z.number().int(),
});
export type AdminGalleryBan = z.infer<typeof AdminGalleryBan>;
export const AdminGalleryBanReply = ok(AdminGalleryBan);
export type AdminGalleryBanReply = z.infer<typeof AdminGalleryBanReply>;
