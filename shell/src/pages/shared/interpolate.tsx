import { Fragment, type ReactNode } from 'react';

/** Fills `{name}` placeholders of a translated text with elements (links), keeping word order per language. */
export function interpolate(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template
    .split(/(\{\w+\})/g)
    .filter(Boolean)
    .map((chunk, index) => {
      const name = /^\{(\w+)\}$/.exec(chunk)?.[1];
      return <Fragment key={index}>{name !== undefined && name in parts ? parts[name] : chunk}</Fragment>;
    });
}
