import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { postComment, type Comment } from '@/lib/api/blog.ts';
import { COMMENT_MAX, charCount } from '@/lib/shared/limits.ts';
import FormAlert from '../../common/FormAlert.tsx';
import Msg from '../../common/Msg.tsx';
import { failedNotice, useFeedback } from '../../common/use-feedback.ts';
import type { CommentsDispatch } from '../comment-state.ts';

const TEXTAREA_CLASS =
  'block min-h-24 w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-fg placeholder:text-muted transition-colors hover:border-muted aria-[invalid=true]:border-warn-fg';

/** The Markdown editor of a comment or a reply. */
export default function CommentForm({
  articleId,
  parent,
  dispatch,
  onDone,
  autoFocus = false,
}: {
  articleId: string;
  /** The comment answered; absent for a top-level comment. */
  parent?: Comment;
  dispatch: CommentsDispatch;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const [content, setContent] = useState('');
  const form = useFeedback();
  const [posted, setPosted] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ref = useRef<HTMLTextAreaElement>(null);
  const count = charCount(content);
  const tooLong = count > COMMENT_MAX;
  const notice = failedNotice(form.feedback);
  const refused = form.feedback.kind === 'error' && form.feedback.field === 'content';

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.busy) return;
    if (content.trim() === '') {
      form.refuse({ key: 'blogReader.comments.emptyContent' }, 'content');
      ref.current?.focus();
      return;
    }
    if (tooLong) {
      form.refuse({ key: 'blogReader.comments.tooLong', vars: { max: COMMENT_MAX } }, 'content');
      ref.current?.focus();
      return;
    }
    setPosted(false);
    void form.run(async () => {
      const comment = await postComment({
        articleId,
        content,
        ...(parent ? { parentId: parent.id } : {}),
      });
      dispatch({ type: 'posted', comment });
      setContent('');
      setPosted(true);
      onDone?.();
      return null;
    });
  };

  return (
    <form className="flex flex-col gap-2" noValidate onSubmit={submit} aria-busy={form.busy}>
      <label htmlFor={id} className="text-sm font-medium">
        {parent ? (
          <Msg k="blogReader.comments.replyLabel" vars={{ name: parent.author.nickname }} />
        ) : (
          <Msg k="blogReader.comments.editorLabel" />
        )}
      </label>
      <textarea
        ref={ref}
        id={id}
        name="content"
        rows={parent ? 3 : 4}
        value={content}
        onChange={(event) => {
          setContent(event.currentTarget.value);
          setPosted(false);
        }}
        className={TEXTAREA_CLASS}
        aria-invalid={tooLong || refused ? true : undefined}
        aria-describedby={notice ? `${errorId} ${hintId}` : hintId}
      />
      <p id={hintId} className={`text-xs ${tooLong ? 'text-warn-fg' : 'text-muted'}`}>
        <Msg k="blogReader.comments.hint" vars={{ count, max: COMMENT_MAX }} />
      </p>
      <div id={errorId}>
        <FormAlert emptyClassName="" notice={notice} />
      </div>
      {!parent && (
        <p role="status" className="text-sm text-accent empty:hidden">
          {posted && <Msg k="blogReader.comments.posted" />}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary disabled:opacity-60" disabled={form.busy}>
          <Msg
            k={
              form.busy
                ? 'blogReader.comments.posting'
                : parent
                  ? 'blogReader.comments.submitReply'
                  : 'blogReader.comments.submit'
            }
          />
        </button>
        {onDone && parent && (
          <button type="button" className="btn" onClick={onDone} disabled={form.busy}>
            <Msg k="blogReader.comments.cancel" />
          </button>
        )}
      </div>
    </form>
  );
}
