import type { AdminGalleryItem } from '@veo3/contracts/gallery';

/** What a moderator can do to a video in the queue (ban and unban act on its owner). */
export type GalleryActionKind = 'hide' | 'restore' | 'dismiss' | 'ban' | 'unban';

/** How much of the prompt names a video in headings, buttons and notices. */
const TITLE_MAX = 60;

/** The video's name for moderators: its prompt, cut at a word (they see the prompt even when the public does not). */
export function itemTitle(item: Pick<AdminGalleryItem, 'prompt'>, untitled: string): string {
  const flat = item.prompt.replace(/\s+/g, ' ').trim();
  if (!flat) return untitled;
  if (flat.length <= TITLE_MAX) return flat;
  const head = flat.slice(0, TITLE_MAX);
  const space = head.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** The actions that make sense for the video as it is now. */
export function actionsFor(item: AdminGalleryItem): GalleryActionKind[] {
  const actions: GalleryActionKind[] = [];
  if (item.state === 'listed' || item.state === 'held') actions.push('hide');
  if (item.state === 'held' || item.state === 'hidden') actions.push('restore');
  if (item.reports.open > 0) actions.push('dismiss');
  if (item.owner_email !== null) actions.push(item.owner_banned ? 'unban' : 'ban');
  return actions;
}
