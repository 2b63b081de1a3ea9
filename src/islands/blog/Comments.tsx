import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { listComments } from '@/lib/api/blog.ts';
import { Permission, hasAnyPermission } from '@/lib/shared/permissions.ts';
import { $sessionStatus, $user, startSession } from '@/lib/stores/session.ts';
import FormAlert from '../common/FormAlert.tsx';
import Msg from '../common/Msg.tsx';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';
import { EMPTY_COMMENTS, commentCount, commentsReducer, hasMore } from './comment-state.ts';
import CommentForm from './comments/CommentForm.tsx';
import type { Reader } from './comments/CommentItem.tsx';
import SignInPrompt from './comments/SignInPrompt.tsx';
import ThreadItem from './comments/ThreadItem.tsx';

/** Top-level comments fetched per page ("load more" fetches the next). */
export const COMMENTS_PAGE_SIZE = 20;

/**
 * The comments of an article: the threaded list (replies under their top-level comment, "@name"
 * for deeper answers), thumbs, replies and deletion, the editor for signed-in readers and a
 * sign-in link for the others. Loads when it comes into view (client:visible on the article page).
 */
export default function Comments({ articleId }: { articleId: string }) {
  const [state, dispatch] = useReducer(commentsReducer, EMPTY_COMMENTS);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const more = useFeedback();
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
    if (more.busy) return;
    const current = generation.current;
    void more.run(async () => {
      const page = await listComments(articleId, state.pageNum + 1, COMMENTS_PAGE_SIZE);
      if (current === generation.current) dispatch({ type: 'loaded', page });
      return null;
    });
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
          <button type="button" className="btn" onClick={loadMore} disabled={more.busy}>
            <Msg k={more.busy ? 'blogReader.comments.loadingMore' : 'blogReader.comments.more'} />
          </button>
          <FormAlert emptyClassName="" notice={failedNotice(more.feedback)} />
        </div>
      )}
    </section>
  );
}
