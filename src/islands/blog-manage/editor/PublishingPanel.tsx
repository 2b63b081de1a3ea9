import { useId, type Ref } from 'react';
import type { Article, ArticleStatus } from '@/lib/api/blog-manage.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../../common/Msg.tsx';
import { ERROR_CLASS, HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '../../common/ui.ts';
import type { ArticleDraft } from '../article-draft.ts';

const STATUS_WORDS: Record<
  ArticleStatus,
  { name: MessageKey; label: MessageKey; hint: MessageKey }
> = {
  draft: {
    name: 'blogManage.status.draft',
    label: 'blogManage.editor.statusDraft',
    hint: 'blogManage.editor.statusDraftHint',
  },
  published: {
    name: 'blogManage.status.published',
    label: 'blogManage.editor.statusPublished',
    hint: 'blogManage.editor.statusPublishedHint',
  },
  scheduled: {
    name: 'blogManage.status.scheduled',
    label: 'blogManage.editor.statusScheduled',
    hint: 'blogManage.editor.statusScheduledHint',
  },
};

/** The browser's time zone, for the schedule hint. */
function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

/** Publishing: draft, now or at a time (in the browser's time zone), and pinning. */
export default function PublishingPanel({
  article,
  draft,
  onChange,
  publishAtProblem,
  publishAtRef,
}: {
  /** The article as saved (null for a new one). */
  article: Article | null;
  draft: ArticleDraft;
  onChange: (patch: Partial<ArticleDraft>) => void;
  publishAtProblem: MessageKey | null;
  publishAtRef: Ref<HTMLInputElement>;
}) {
  const { t } = useT();
  const ids = {
    title: useId(),
    publishAt: useId(),
    publishAtHint: useId(),
    publishAtError: useId(),
    pinned: useId(),
  };
  return (
    <section className="card grid content-start gap-4 p-5" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="font-semibold">
        <Msg k="blogManage.editor.publishing" />
      </h2>
      {article && (
        <p className="text-sm text-muted">
          <Msg
            k="blogManage.editor.current"
            vars={{ status: t(STATUS_WORDS[article.status].name), views: article.views }}
          />
        </p>
      )}
      <fieldset>
        <legend className="sr-only">
          <Msg k="blogManage.editor.publishing" />
        </legend>
        <div className="grid gap-2">
          {(['draft', 'published', 'scheduled'] as const).map((status) => (
            <label key={status} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="status"
                value={status}
                checked={draft.status === status}
                onChange={() => onChange({ status })}
                className="mt-0.5 size-4 accent-[var(--atrium-accent)]"
              />
              <span>
                <span className="font-medium">
                  <Msg k={STATUS_WORDS[status].label} />
                </span>
                <span className="block text-xs text-muted">
                  <Msg k={STATUS_WORDS[status].hint} />
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {draft.status === 'scheduled' && (
        <div>
          <label htmlFor={ids.publishAt} className={LABEL_CLASS}>
            <Msg k="blogManage.editor.publishAt" />
          </label>
          <input
            ref={publishAtRef}
            id={ids.publishAt}
            type="datetime-local"
            value={draft.publishAt}
            required
            aria-invalid={publishAtProblem ? true : undefined}
            aria-describedby={
              publishAtProblem ? `${ids.publishAtError} ${ids.publishAtHint}` : ids.publishAtHint
            }
            onChange={(event) => onChange({ publishAt: event.target.value })}
            className={INPUT_CLASS}
          />
          {publishAtProblem && (
            <p id={ids.publishAtError} className={`${ERROR_CLASS} mt-1`}>
              <Msg k={publishAtProblem} />
            </p>
          )}
          <p id={ids.publishAtHint} className={HINT_CLASS}>
            <Msg k="blogManage.editor.publishAtHint" vars={{ zone: timeZone() }} />
          </p>
        </div>
      )}
      <div className="flex items-center gap-2">
        <input
          id={ids.pinned}
          type="checkbox"
          checked={draft.pinned}
          onChange={(event) => onChange({ pinned: event.target.checked })}
          className="size-4 accent-[var(--atrium-accent)]"
        />
        <label htmlFor={ids.pinned} className="text-sm">
          <Msg k="blogManage.editor.pinned" />
        </label>
      </div>
    </section>
  );
}
