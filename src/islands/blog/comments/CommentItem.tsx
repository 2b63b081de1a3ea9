import { useRef, useState } from 'react';
import { deleteComment, voteComment, type Comment } from '@/lib/api/blog.ts';
import { avatarUrl } from '@/lib/avatar.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import FormAlert from '../../common/FormAlert.tsx';
import Msg from '../../common/Msg.tsx';
import { formatTime } from '../../common/ui.ts';
import { failedNotice, useFeedback } from '../../common/use-feedback.ts';
import { nextVote, type CommentsDispatch } from '../comment-state.ts';
import CommentForm from './CommentForm.tsx';
import VoteButton from './VoteButton.tsx';

/** What the comment items need to know about the reader. */
export interface Reader {
  signedIn: boolean;
  /** A blog article manager may delete any comment. */
  manager: boolean;
}

/** The server's sanitised comment HTML gets modest typography (there is no prose plugin). */
const BODY_CLASS =
  'mt-1 break-words text-sm leading-relaxed [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_code]:rounded [&_code]:bg-accent-soft [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-bg [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-5';

/** One comment (top-level or reply): author, time, body and its actions. */
export default function CommentItem({
  comment,
  articleId,
  reader,
  dispatch,
  replying,
  onReply,
}: {
  comment: Comment;
  articleId: string;
  reader: Reader;
  dispatch: CommentsDispatch;
  replying: boolean;
  onReply: (id: string | null) => void;
}) {
  const { locale, t } = useT();
  const action = useFeedback();
  const [doing, setDoing] = useState<'vote' | 'delete'>('vote');
  const [confirming, setConfirming] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const canDelete = comment.canDelete || reader.manager;
  const deleting = action.busy && doing === 'delete';
  const name = comment.author.nickname;

  const vote = (button: 'up' | 'down') => {
    if (action.busy) return;
    setDoing('vote');
    void action.run(async () => {
      const votes = await voteComment(comment.id, nextVote(comment.myVote, button));
      dispatch({ type: 'voted', id: comment.id, votes });
      return null;
    });
  };

  const remove = async () => {
    if (action.busy) return;
    setDoing('delete');
    const failure = await action.run(async () => {
      await deleteComment(comment.id);
      dispatch({ type: 'deleted', id: comment.id });
      return null;
    });
    if (failure) setConfirming(false);
  };

  return (
    <article id={`comment-${comment.id}`} className="flex scroll-mt-20 gap-3">
      <img
        src={avatarUrl(comment.author.avatar)}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        className="size-10 shrink-0 rounded-full border border-line bg-bg object-cover"
      />
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{name}</span>
          {comment.replyTo && (
            <a className="link text-xs" href={`#comment-${comment.replyTo.id}`}>
              <Msg k="blogReader.comments.replyTo" vars={{ name: comment.replyTo.nickname }} />
            </a>
          )}
          <time className="text-xs text-muted" dateTime={comment.createTime}>
            {formatTime(comment.createTime, locale)}
          </time>
        </header>
        {/* The server renders the Markdown and sanitises the HTML (comment.markdown.ts): this
            field, and only this one, is inserted as HTML. */}
        <div className={BODY_CLASS} dangerouslySetInnerHTML={{ __html: comment.html }} />
        <div className="mt-1 flex flex-wrap items-center gap-1 text-sm">
          {reader.signedIn ? (
            <>
              <VoteButton
                kind="up"
                count={comment.thumbsUp}
                pressed={comment.myVote === 'up'}
                disabled={action.busy}
                onClick={() => vote('up')}
              />
              <VoteButton
                kind="down"
                count={comment.thumbsDown}
                pressed={comment.myVote === 'down'}
                disabled={action.busy}
                onClick={() => vote('down')}
              />
              <button
                ref={replyButton}
                type="button"
                className="btn min-h-8 px-2 py-1"
                aria-expanded={replying}
                onClick={() => onReply(replying ? null : comment.id)}
              >
                <Msg k="blogReader.comments.reply" />
              </button>
            </>
          ) : (
            <>
              <VoteButton kind="up" count={comment.thumbsUp} />
              <VoteButton kind="down" count={comment.thumbsDown} />
            </>
          )}
          {canDelete && !confirming && (
            <button
              type="button"
              className="btn min-h-8 px-2 py-1 text-warn-fg"
              onClick={() => setConfirming(true)}
            >
              <Msg k="blogReader.comments.delete" />
            </button>
          )}
        </div>
        {confirming && (
          <div
            role="group"
            aria-label={t('blogReader.comments.deleteConfirm')}
            className="mt-2 flex flex-wrap items-center gap-2 rounded-md border border-warn-fg/40 bg-warn-soft px-3 py-2 text-sm text-warn-fg"
          >
            <span>
              <Msg k="blogReader.comments.deleteConfirm" />
            </span>
            <button
              type="button"
              className="btn min-h-8 px-2 py-1"
              disabled={deleting}
              onClick={() => void remove()}
            >
              <Msg k={deleting ? 'blogReader.comments.deleting' : 'blogReader.comments.delete'} />
            </button>
            <button
              type="button"
              className="btn min-h-8 px-2 py-1"
              disabled={deleting}
              onClick={() => setConfirming(false)}
            >
              <Msg k="blogReader.comments.cancel" />
            </button>
          </div>
        )}
        <FormAlert emptyClassName="" notice={failedNotice(action.feedback)} />
        {replying && (
          <div className="mt-2">
            <CommentForm
              articleId={articleId}
              parent={comment}
              dispatch={dispatch}
              autoFocus
              onDone={() => {
                onReply(null);
                replyButton.current?.focus();
              }}
            />
          </div>
        )}
      </div>
    </article>
  );
}
