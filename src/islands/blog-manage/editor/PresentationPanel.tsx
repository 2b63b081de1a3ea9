import { useId, type Ref } from 'react';
import { ARTICLE_SUMMARY_MAX } from '@/lib/shared/limits.ts';
import Msg from '../../common/Msg.tsx';
import { HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '../../common/ui.ts';
import type { ArticleDraft } from '../article-draft.ts';
import CoverField from '../CoverField.tsx';

/** How the article is presented in lists: its summary and its cover. */
export default function PresentationPanel({
  draft,
  onChange,
  summaryRef,
}: {
  draft: ArticleDraft;
  onChange: (patch: Partial<ArticleDraft>) => void;
  summaryRef: Ref<HTMLTextAreaElement>;
}) {
  const ids = { title: useId(), summary: useId(), summaryHint: useId() };
  return (
    <section
      className="card grid content-start gap-5 p-5 md:col-span-2 xl:col-span-1"
      aria-labelledby={ids.title}
    >
      <h2 id={ids.title} className="font-semibold">
        <Msg k="blogManage.editor.presentation" />
      </h2>
      <div>
        <label htmlFor={ids.summary} className={LABEL_CLASS}>
          <Msg k="blogManage.editor.summary" />
        </label>
        <textarea
          ref={summaryRef}
          id={ids.summary}
          name="summary"
          value={draft.summary}
          rows={4}
          maxLength={ARTICLE_SUMMARY_MAX}
          aria-describedby={ids.summaryHint}
          onChange={(event) => onChange({ summary: event.target.value })}
          className={`${INPUT_CLASS} resize-y`}
        />
        <p id={ids.summaryHint} className={HINT_CLASS}>
          <Msg
            k="blogManage.editor.summaryHint"
            vars={{ count: draft.summary.length, max: ARTICLE_SUMMARY_MAX }}
          />
        </p>
      </div>
      <CoverField value={draft.cover} onChange={(cover) => onChange({ cover })} />
    </section>
  );
}
