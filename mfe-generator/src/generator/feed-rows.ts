import type { FeedItem } from './use-workspace';

/** A row of the feed: one card, or a comparison's cards side by side (in the order of its models). */
export type FeedRow = { kind: 'single'; item: FeedItem } | { kind: 'compare'; key: string; items: FeedItem[] };

/** The feed's items as rows: a comparison's cards gathered where its first (newest) card is. */
export function feedRows(items: readonly FeedItem[]): FeedRow[] {
  const rows: FeedRow[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (!item.group) {
      rows.push({ kind: 'single', item });
      continue;
    }
    if (seen.has(item.group)) continue;
    seen.add(item.group);
    const members = items.filter((other) => other.group === item.group);
    rows.push({ kind: 'compare', key: item.group, items: members.sort((a, b) => a.groupIndex - b.groupIndex) });
  }
  return rows;
}
