import type { ReactNode } from 'react';

export interface ScrollRegionProps {
  className: string;
  /** Names the region for screen readers: a label, or the id of the element that labels it. */
  label?: string;
  labelledBy?: string;
  as?: 'div' | 'pre';
  children: ReactNode;
}

/**
 * Content wider than a phone (code, a table) that scrolls inside itself, never the page. It takes the
 * keyboard focus so that it can be scrolled without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable),
 * and is a named region so a screen reader says what it is when it is focused.
 */
export function ScrollRegion({ className, label, labelledBy, as: Tag = 'div', children }: ScrollRegionProps) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard.
    <Tag className={className} tabIndex={0} role="region" aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </Tag>
  );
}
