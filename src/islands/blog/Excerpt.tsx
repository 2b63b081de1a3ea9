import { Fragment } from 'react';
import { excerptParts } from './excerpt.ts';

/** Highlighted text built as React nodes from an excerpt's HTML (see excerpt.ts): no raw HTML. */
export default function Excerpt({ html }: { html: string }) {
  return (
    <>
      {excerptParts(html).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-accent-soft px-0.5 text-fg">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
