import type { GalleryItem } from '@veo3/contracts/gallery';
import type { ShowcaseCategory, ShowcaseItem } from './showcase-items';

/** A video of the site's own community (a shared video its owner offered to the gallery), for a card. */
export interface CommunityItem {
  kind: 'community';
  id: string;
  /** null: "Anonymous". */
  creator: string | null;
  category: ShowcaseCategory;
  /** The prompt, or null when its owner keeps it private. */
  title: string | null;
  views: number;
  /** Its public page, its poster and its video file (site-relative). */
  page: string;
  poster: string;
  video: string;
}

export type HomeGalleryItem = ShowcaseItem | CommunityItem;

export function isCommunityItem(item: HomeGalleryItem): item is CommunityItem {
  return 'kind' in item && item.kind === 'community';
}

export function toCommunityItem(item: GalleryItem): CommunityItem {
  return {
    kind: 'community',
    id: item.id,
    creator: item.creator_name,
    category: item.category,
    title: item.prompt,
    views: item.views,
    page: `/v/${item.id}`,
    poster: item.poster_url,
    video: item.video_url,
  };
}

/**
 * The outside creators' posts with the community's videos between them, one for one (the posts
 * first, so the pre-rendered first card stays), the rest of the longer list after.
 */
export function withCommunity(
  showcase: readonly ShowcaseItem[],
  community: readonly CommunityItem[],
): HomeGalleryItem[] {
  const merged: HomeGalleryItem[] = [];
  for (let i = 0; i < Math.max(showcase.length, community.length); i++) {
    if (showcase[i]) merged.push(showcase[i]!);
    if (community[i]) merged.push(community[i]!);
  }
  return merged;
}
