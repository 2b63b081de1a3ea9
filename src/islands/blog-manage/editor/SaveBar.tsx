import type { ReactNode } from 'react';
import type { Article } from '@/lib/api/blog-manage.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { paths } from '@/lib/shared/paths.ts';
import Feedback from '../../common/Feedback.tsx';
import Msg from '../../common/Msg.tsx';
import { BUTTON_BUSY_CLASS } from '../../common/ui.ts';
import type { Feedback as FeedbackState } from '../../common/use-feedback.ts';
import { isReaderVisible } from '../article-draft.ts';

/**
 * The editor's sticky bar: the save button (worded for what saving does), whether everything is
 * saved, a link to the saved article, the way back, and how the last save went.
 */
export default function SaveBar({
  submitKey,
  state,
  saved,
  feedback,
  errorId,
  back,
}: {
  submitKey: MessageKey;
  state: 'uploading' | 'unsaved' | 'saved';
  /** The article as last saved here (null before the first save). */
  saved: Article | null;
  feedback: FeedbackState;
  errorId: string;
  back: ReactNode;
}) {
  const now = Date.now();
  return (
    <div className="card sticky bottom-2 z-10 flex flex-wrap items-center gap-x-4 gap-y-2 p-4 shadow-lg">
      <button
        type="submit"
        className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
        disabled={feedback.kind === 'busy'}
        aria-describedby={errorId}
      >
        <Msg k={submitKey} />
      </button>
      <span className="text-sm text-muted">
        <Msg
          k={
            state === 'uploading'
              ? 'blogManage.editor.uploadingState'
              : state === 'unsaved'
                ? 'blogManage.editor.unsaved'
                : 'blogManage.editor.allSaved'
          }
        />
      </span>
      {saved && isReaderVisible(saved, now) && (
        <a href={paths.blogArticle(saved.id)} className="link text-sm">
          <Msg k="blogManage.editor.viewArticle" />
        </a>
      )}
      {saved?.status === 'scheduled' && !isReaderVisible(saved, now) && (
        <a href={paths.blogArticle(saved.id)} className="link text-sm">
          <Msg k="blogManage.editor.viewScheduled" />
        </a>
      )}
      <span className="ml-auto">{back}</span>
      <div className="w-full">
        <Feedback feedback={feedback} errorId={errorId} busyText={<Msg k="blogManage.saving" />} />
      </div>
    </div>
  );
}
