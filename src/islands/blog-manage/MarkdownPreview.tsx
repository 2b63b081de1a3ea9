import { useEffect, useId, useRef, useState } from 'react';
import type { RenderedArticle } from '@/lib/markdown/render.ts';
import Msg from '../common/Msg.tsx';

/** How long typing pauses before the preview is rendered again. */
export const PREVIEW_DELAY_MS = 250;

/**
 * The article as readers will see it: the same renderer and the same `prose-article` styles as
 * the published page. The renderer (with its parsers) is loaded on first use, so the editor itself
 * comes up fast.
 */
export default function MarkdownPreview({ markdown }: { markdown: string }) {
  const [rendered, setRendered] = useState<RenderedArticle | null>(null);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const first = useRef(true);

  useEffect(() => {
    let current = true;
    // The first rendering at once; later ones once typing pauses.
    const delay = first.current ? 0 : PREVIEW_DELAY_MS;
    first.current = false;
    const timer = setTimeout(() => {
      import('@/lib/markdown/render.ts')
        .then(({ renderArticle }) => renderArticle(markdown))
        .then(
          (result) => {
            if (!current) return;
            setRendered(result);
            setFailed(false);
          },
          () => {
            if (current) setFailed(true);
          },
        );
    }, delay);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [markdown]);

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col">
      <div className="flex min-h-8 flex-wrap items-end justify-between gap-2">
        <h2 id={titleId} className="text-sm font-medium">
          <Msg k="blogManage.editor.preview" />
        </h2>
        {rendered && (
          <span className="text-xs text-muted">
            <Msg k="blogManage.editor.readingTime" vars={{ minutes: rendered.readingMinutes }} />
          </span>
        )}
      </div>
      <div
        aria-busy={rendered === null && !failed}
        className="mt-1 max-h-[70vh] min-h-[24rem] flex-1 overflow-auto rounded-md border border-line bg-surface px-5 py-4"
      >
        {failed && (
          <p role="alert" className="text-sm text-warn-fg">
            <Msg k="blogManage.editor.previewFailed" />
          </p>
        )}
        {!failed && rendered === null && (
          <p className="text-sm text-muted">
            <Msg k="blogManage.loading" />
          </p>
        )}
        {!failed && rendered !== null && markdown.trim() === '' && (
          <p className="text-sm text-muted">
            <Msg k="blogManage.editor.previewEmpty" />
          </p>
        )}
        {rendered !== null && (
          <div className="prose-article" dangerouslySetInnerHTML={{ __html: rendered.html }} />
        )}
      </div>
    </section>
  );
}
