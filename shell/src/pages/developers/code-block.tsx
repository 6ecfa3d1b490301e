import { useId } from 'react';
import { ScrollRegion } from './scroll-region';

export interface CodeBlockProps {
  /** What the code is, shown above it and naming its scrolling region for screen readers. */
  label: string;
  code: string;
}

/** A labelled code sample; long lines scroll inside the block, never the page. */
export function CodeBlock({ label, code }: CodeBlockProps) {
  const id = useId();
  return (
    <figure className="shell-dev-code">
      <figcaption id={id} className="shell-dev-code__label">
        {label}
      </figcaption>
      <ScrollRegion as="pre" className="shell-dev-code__pre" labelledBy={id}>
        <code>{code}</code>
      </ScrollRegion>
    </figure>
  );
}
