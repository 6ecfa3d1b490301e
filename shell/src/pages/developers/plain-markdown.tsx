import { Fragment, type ReactNode } from 'react';

/** Inline `code` spans of one paragraph. */
function inline(text: string): ReactNode[] {
  return text
    .split(/(`[^`]+`)/g)
    .map((part, index) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
        <code key={index}>{part.slice(1, -1)}</code>
      ) : (
        <Fragment key={index}>{part}</Fragment>
      ),
    );
}

/** The small Markdown of the contract's descriptions: paragraphs (blank lines) and `code` spans. */
export function PlainMarkdown({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{inline(paragraph)}</p>
        ))}
    </>
  );
}
