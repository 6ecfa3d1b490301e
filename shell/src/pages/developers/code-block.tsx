import { useId } from 'react';

export interface CodeBlockProps {
  /** What the code is, shown above it and naming its scrolling region for screen readers. */
  label: string;
  code: string;
}

/**
 * A labelled code sample. Long lines scroll inside the block, never the page; the block takes focus
 * (tabIndex) so that keyboard users can scroll it too.
 */
export function CodeBlock({ label, code }: CodeBlockProps) {
  const id = useId();
  return (
    <figure className="shell-dev-code">
      <figcaption id={id} className="shell-dev-code__label">
        {label}
      </figcaption>
      <pre className="shell-dev-code__pre" tabIndex={0} role="region" aria-labelledby={id}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
