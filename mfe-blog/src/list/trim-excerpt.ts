/**
 * Keeps the first `max` characters of an excerpt and marks the cut with '…' (SPEC §9: 100).
 * Counts code points, so an emoji or a rare CJK character is never split in half.
 */
export function trimExcerpt(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
