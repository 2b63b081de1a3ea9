import { useStore } from '@nanostores/react';
import {
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type SubmitEvent,
} from 'react';
import {
  deleteComment,
  listComments,
  postComment,
  voteComment,
  type Comment,
  type CommentThread,
} from '../../lib/api/blog.ts';
import { avatarUrl } from '../../lib/avatar.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { rememberRoute } from '../../lib/pre-route.ts';
import { paths } from '../../lib/shared/paths.ts';
import { Permission, hasAnyPermission } from '../../lib/shared/permissions.ts';
import { $sessionStatus, $user, startSession } from '../../lib/stores/session.ts';
import FormAlert from '../common/FormAlert.tsx';
import Msg from '../common/Msg.tsx';
import NoticeText from '../common/NoticeText.tsx';
import {
  COMMENT_MAX,
  EMPTY_COMMENTS,
  commentCount,
  commentsReducer,
  hasMore,
  nextVote,
  type CommentsAction,
} from './comment-state.ts';
import { readerFailure, type Notice } from './notice.ts';

/** Top-level comments fetched per page ("load more" fetches the next). */
export const COMMENTS_PAGE_SIZE = 20;

type Dispatch = (action: CommentsAction) => void;

/** What the comment items need to know about the reader. */
interface Reader {
  signedIn: boolean;
  /** A blog article manager may delete any comment. */
  manager: boolean;
}

const TEXTAREA_CLASS =
  'block min-h-24 w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-fg placeholder:text-muted transition-colors hover:border-muted aria-[invalid=true]:border-warn-fg';

/** The server's sanitised comment HTML gets modest typography (there is no prose plugin). */
const BODY_CLASS =
  'mt-1 break-words text-sm leading-relaxed [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_code]:rounded [&_code]:bg-accent-soft [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-bg [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-5';

/** Characters as a person counts them (emoji and CJK as one each), like the server's limit. */
function charCount(text: string): number {
  return [...text].length;
}

/** Sends the reader to sign in, remembering to come back to the comments of this page. */
function rememberHere(): void {
  const { pathname, search } = window.location;
  rememberRoute(`${pathname}${search}#comments`);
}

function SignInPrompt() {
  return (
    <p className="rounded-md border border-line bg-bg px-3 py-3 text-sm">
      <Msg k="blogReader.comments.signInPrompt" />{' '}
      <a className="link font-medium" href={paths.login()} onClick={rememberHere}>
        <Msg k="blogReader.comments.signIn" />
      </a>
    </p>
  );
}

/** The Markdown editor of a comment or a reply. */
function CommentForm({
  articleId,
  parent,
  dispatch,
  onDone,
  autoFocus = false,
}: {
  articleId: string;
  /** The comment answered; absent for a top-level comment. */
  parent?: Comment;
  dispatch: Dispatch;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [posted, setPosted] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ref = useRef<HTMLTextAreaElement>(null);
  const count = charCount(content);
  const tooLong = count > COMMENT_MAX;

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (content.trim() === '') {
      setNotice({ key: 'blogReader.comments.emptyContent' });
      ref.current?.focus();
      return;
    }
    if (tooLong) {
      setNotice({ key: 'blogReader.comments.tooLong', vars: { max: COMMENT_MAX } });
      ref.current?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    setPosted(false);
    postComment({ articleId, content, ...(parent ? { parentId: parent.id } : {}) }).then(
      (comment) => {
        dispatch({ type: 'posted', comment });
        setContent('');
        setBusy(false);
        setPosted(true);
        onDone?.();
      },
      (error: unknown) => {
        setNotice(readerFailure(error).notice);
        setBusy(false);
      },
    );
  };

  return (
    <form className="flex flex-col gap-2" noValidate onSubmit={submit} aria-busy={busy}>
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
        aria-invalid={tooLong || (notice !== null && 'key' in notice) ? true : undefined}
        aria-describedby={notice ? `${errorId} ${hintId}` : hintId}
      />
      <p id={hintId} className={`text-xs ${tooLong ? 'text-warn-fg' : 'text-muted'}`}>
        <Msg k="blogReader.comments.hint" vars={{ count, max: COMMENT_MAX }} />
      </p>
      <div id={errorId}>
        <FormAlert emptyClassName="">{notice && <NoticeText notice={notice} />}</FormAlert>
      </div>
      {!parent && (
        <p role="status" className="text-sm text-accent empty:hidden">
          {posted && <Msg k="blogReader.comments.posted" />}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary disabled:opacity-60" disabled={busy}>
          <Msg
            k={
              busy
                ? 'blogReader.comments.posting'
                : parent
                  ? 'blogReader.comments.submitReply'
                  : 'blogReader.comments.submit'
            }
          />
        </button>
        {onDone && parent && (
          <button type="button" className="btn" onClick={onDone} disabled={busy}>
            <Msg k="blogReader.comments.cancel" />
          </button>
        )}
      </div>
    </form>
  );
}

function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      className={`size-4 ${down ? 'rotate-180' : ''}`}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M7 10v11H3V10h4Zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" />
    </svg>
  );
}

const VOTE_NAME = {
  up: 'blogReader.comments.thumbsUp',
  down: 'blogReader.comments.thumbsDown',
} as const;

/** A thumb with its count: the name ("Thumbs up") is read with the visible count. */
function VoteButton({
  kind,
  count,
  pressed,
  disabled,
  onClick,
}: {
  kind: 'up' | 'down';
  count: number;
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useT();
  return (
    <button
      type="button"
      className="btn min-h-8 px-2 py-1 aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-fg"
      aria-pressed={pressed}
      title={t(VOTE_NAME[kind])}
      disabled={disabled}
      onClick={onClick}
    >
      <ThumbIcon down={kind === 'down'} />
      <span className="sr-only">
        <Msg k={VOTE_NAME[kind]} />
      </span>
      <span>{count}</span>
    </button>
  );
}

/** The count of a thumb for readers who cannot vote (not signed in). */
function VoteCount({ kind, count }: { kind: 'up' | 'down'; count: number }) {
  const { t } = useT();
  return (
    <span
      className="inline-flex items-center gap-1 px-2 py-1 text-muted"
      title={t(VOTE_NAME[kind])}
    >
      <ThumbIcon down={kind === 'down'} />
      <span className="sr-only">
        <Msg k={VOTE_NAME[kind]} />
      </span>
      <span>{count}</span>
    </span>
  );
}

/** One comment (top-level or reply): author, time, body and its actions. */
function CommentItem({
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
  dispatch: Dispatch;
  replying: boolean;
  onReply: (id: string | null) => void;
}) {
  const { locale, t } = useT();
  const [busy, setBusy] = useState<'vote' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const canDelete = comment.canDelete || reader.manager;
  const name = comment.author.nickname;

  const vote = (button: 'up' | 'down') => {
    if (busy) return;
    setBusy('vote');
    setNotice(null);
    voteComment(comment.id, nextVote(comment.myVote, button)).then(
      (votes) => {
        dispatch({ type: 'voted', id: comment.id, votes });
        setBusy(null);
      },
      (error: unknown) => {
        setNotice(readerFailure(error).notice);
        setBusy(null);
      },
    );
  };

  const remove = () => {
    if (busy) return;
    setBusy('delete');
    setNotice(null);
    deleteComment(comment.id).then(
      () => dispatch({ type: 'deleted', id: comment.id }),
      (error: unknown) => {
        setNotice(readerFailure(error).notice);
        setBusy(null);
        setConfirming(false);
      },
    );
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
                disabled={busy !== null}
                onClick={() => vote('up')}
              />
              <VoteButton
                kind="down"
                count={comment.thumbsDown}
                pressed={comment.myVote === 'down'}
                disabled={busy !== null}
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
              <VoteCount kind="up" count={comment.thumbsUp} />
              <VoteCount kind="down" count={comment.thumbsDown} />
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
              disabled={busy === 'delete'}
              onClick={remove}
            >
              <Msg
                k={
                  busy === 'delete' ? 'blogReader.comments.deleting' : 'blogReader.comments.delete'
                }
              />
            </button>
            <button
              type="button"
              className="btn min-h-8 px-2 py-1"
              disabled={busy === 'delete'}
              onClick={() => setConfirming(false)}
            >
              <Msg k="blogReader.comments.cancel" />
            </button>
          </div>
        )}
        <FormAlert emptyClassName="">{notice && <NoticeText notice={notice} />}</FormAlert>
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

/** A top-level comment with its replies indented under it. */
function ThreadItem({
  thread,
  ...shared
}: {
  thread: CommentThread;
  articleId: string;
  reader: Reader;
  dispatch: Dispatch;
  replyingTo: string | null;
  onReply: (id: string | null) => void;
}) {
  const { replyingTo, ...item } = shared;
  return (
    <li className="border-b border-line py-4 last:border-b-0">
      <CommentItem comment={thread} replying={replyingTo === thread.id} {...item} />
      {thread.replies.length > 0 && (
        <ul className="mt-3 ml-6 flex flex-col gap-3 border-l-2 border-line pl-4 sm:ml-12">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} replying={replyingTo === reply.id} {...item} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The comments of an article: the threaded list (replies under their top-level comment, "@name"
 * for deeper answers), thumbs, replies and deletion, the editor for signed-in readers and a
 * sign-in link for the others. Loads when it comes into view (client:visible on the article page).
 */
export default function Comments({ articleId }: { articleId: string }) {
  const [state, dispatch] = useReducer(commentsReducer, EMPTY_COMMENTS);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreNotice, setMoreNotice] = useState<Notice | null>(null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const user = useStore($user, { ssr: 'initial' });
  const sessionStatus = useStore($sessionStatus, { ssr: 'initial' });
  const headingId = useId();
  const generation = useRef(0);
  const userId = user?.id ?? null;
  const sessionReady = sessionStatus === 'ready';

  useEffect(() => {
    void startSession();
  }, []);

  const loadFirst = useCallback(() => {
    const current = ++generation.current;
    setStatus('loading');
    listComments(articleId, 1, COMMENTS_PAGE_SIZE).then(
      (page) => {
        if (current !== generation.current) return;
        dispatch({ type: 'loaded', page, reset: true });
        setStatus('ready');
      },
      () => {
        if (current !== generation.current) return;
        setStatus('failed');
      },
    );
  }, [articleId]);

  // The reader's own votes and delete rights come with the list: load it once the session is
  // known, and again when someone signs in or out.
  useEffect(() => {
    if (sessionReady) loadFirst();
  }, [sessionReady, userId, loadFirst]);

  const loadMore = () => {
    if (loadingMore) return;
    const current = generation.current;
    setLoadingMore(true);
    setMoreNotice(null);
    listComments(articleId, state.pageNum + 1, COMMENTS_PAGE_SIZE).then(
      (page) => {
        if (current !== generation.current) return;
        dispatch({ type: 'loaded', page });
        setLoadingMore(false);
      },
      (error: unknown) => {
        if (current !== generation.current) return;
        setMoreNotice(readerFailure(error).notice);
        setLoadingMore(false);
      },
    );
  };

  const reader: Reader = {
    signedIn: user !== null,
    manager: user !== null && hasAnyPermission(user.permissions, [Permission.BLOG_ARTICLE_MANAGE]),
  };

  return (
    <section id="comments" aria-labelledby={headingId} className="scroll-mt-20">
      <h2 id={headingId} className="text-xl font-semibold">
        <Msg k="blogReader.comments.title" />
        {status === 'ready' && state.total > 0 && (
          <span className="ml-2 text-base font-normal text-muted">
            {/* Every comment once all are loaded; before that, the replies of the pages not
                loaded yet are unknown: "at least". */}
            <Msg
              k={hasMore(state) ? 'blogReader.comments.atLeast' : 'blogReader.comments.count'}
              vars={{
                count: commentCount(state) + Math.max(0, state.total - state.threads.length),
              }}
            />
          </span>
        )}
      </h2>

      <div className="mt-4">
        {user ? (
          <CommentForm articleId={articleId} dispatch={dispatch} />
        ) : sessionReady ? (
          <SignInPrompt />
        ) : (
          <p className="text-sm text-muted">
            <Msg k="blogReader.comments.sessionLoading" />
          </p>
        )}
      </div>

      <div className="mt-4" aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'loading' && (
          <p className="py-4 text-sm text-muted">
            <Msg k="blogReader.comments.loading" />
          </p>
        )}
        {status === 'failed' && (
          <div className="flex flex-wrap items-center gap-3 py-4 text-sm">
            <span className="text-warn-fg">
              <Msg k="blogReader.comments.loadFailed" />
            </span>
            <button type="button" className="btn" onClick={loadFirst}>
              <Msg k="blogReader.comments.retry" />
            </button>
          </div>
        )}
        {status === 'ready' && state.threads.length === 0 && (
          <p className="py-4 text-sm text-muted">
            <Msg k="blogReader.comments.empty" />
          </p>
        )}
      </div>

      {status === 'ready' && state.threads.length > 0 && (
        <ul className="flex flex-col">
          {state.threads.map((thread) => (
            <ThreadItem
              key={thread.id}
              thread={thread}
              articleId={articleId}
              reader={reader}
              dispatch={dispatch}
              replyingTo={replyingTo}
              onReply={setReplyingTo}
            />
          ))}
        </ul>
      )}

      {status === 'ready' && hasMore(state) && (
        <div className="mt-4 flex flex-col items-start gap-2">
          <button type="button" className="btn" onClick={loadMore} disabled={loadingMore}>
            <Msg k={loadingMore ? 'blogReader.comments.loadingMore' : 'blogReader.comments.more'} />
          </button>
          <FormAlert emptyClassName="">
            {moreNotice && <NoticeText notice={moreNotice} />}
          </FormAlert>
        </div>
      )}
    </section>
  );
}
