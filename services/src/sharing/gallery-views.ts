import type { AdminGalleryItem, GalleryItem, GalleryReportReason } from '@veo3/contracts/gallery';
import type { SharedVideoEntity } from './shared-video.entity';

/** A shared video's public addresses: its page (absolute), its poster and video files (site-relative). */
export function shareAddresses(siteUrl: string, id: string) {
  return { url: `${siteUrl}/v/${id}`, poster_url: `/v/${id}/poster.jpg`, video_url: `/v/${id}/video.mp4` };
}

/** A listed video as anyone may see it: the prompt only when its owner shows it, never the owner. */
export function toGalleryItem(siteUrl: string, row: SharedVideoEntity): GalleryItem {
  return {
    id: row.id,
    ...shareAddresses(siteUrl, row.id),
    prompt: row.showPrompt ? row.prompt : null,
    model: row.model,
    duration_s: row.durationS,
    aspect_ratio: row.aspectRatio,
    creator_name: row.creatorName,
    views: row.views,
    remixes: row.remixes,
    category: row.category,
    listed_at: (row.galleryAt ?? row.createdAt).toISOString(),
  };
}

/** What the review queue adds to a video: its owner, their ban, and its open reports. */
export interface ReviewFacts {
  ownerEmail: string | null;
  ownerBanned: boolean;
  open: { reason: GalleryReportReason; count: number }[];
  details: string[];
}

export function toAdminGalleryItem(siteUrl: string, row: SharedVideoEntity, facts: ReviewFacts): AdminGalleryItem {
  return {
    id: row.id,
    ...shareAddresses(siteUrl, row.id),
    prompt: row.prompt,
    show_prompt: row.showPrompt,
    model: row.model,
    duration_s: row.durationS,
    aspect_ratio: row.aspectRatio,
    creator_name: row.creatorName,
    category: row.category,
    state: row.galleryState,
    reason: row.galleryReason,
    listed_at: row.galleryAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    views: row.views,
    remixes: row.remixes,
    owner_id: row.userId,
    owner_email: facts.ownerEmail,
    owner_banned: facts.ownerBanned,
    reports: {
      open: facts.open.reduce((sum, r) => sum + r.count, 0),
      by_reason: facts.open,
      details: facts.details,
    },
  };
}
