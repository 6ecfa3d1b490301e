/** The site header is fixed over the top of the page (shell layout.css: 4rem). */
const HEADER_PX = 64;
/**
 * How much of an element must show for the user to see what it says: the result's heading and its
 * card's title, not only the heading (the balance notice above may still grow after Generate).
 */
const ENOUGH_PX = 240;

/** Whether the top of `element` is on screen below the header. */
export function isInView(element: Element): boolean {
  const { top, height } = element.getBoundingClientRect();
  return top >= HEADER_PX && top + Math.min(height, ENOUGH_PX) <= window.innerHeight;
}

/**
 * Scrolls `element` into view only when the user cannot see it (a result already in view must not
 * make the page jump); the element's scroll-margin keeps it clear of the header.
 */
export function revealIfHidden(element: Element | null): void {
  if (!element || isInView(element)) return;
  // An instant jump: a smooth scroll is cut short by the re-renders that follow Generate (balance, progress).
  element.scrollIntoView({ block: 'start' });
}

/**
 * Scrolls only as far as needed to show all of `element` (a box opened under a video): the video
 * above it stays in view as long as both fit, rather than the box jumping to the top.
 */
export function revealBox(element: Element | null): void {
  if (!element) return;
  const { top, bottom } = element.getBoundingClientRect();
  if (top >= HEADER_PX && bottom <= window.innerHeight) return;
  element.scrollIntoView({ block: 'nearest' });
}
