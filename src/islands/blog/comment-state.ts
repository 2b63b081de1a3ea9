/**
 * The comments of one article as the island holds them: the loaded threads (top-level comments,
 * oldest first, each with its replies) and what changes them — a loaded page, a posted comment or
 * reply, a deletion (with every reply under it) and a vote. Pure, so it is tested on its own.
 */
import type { Comment, CommentThread, Page, Votes } from '@/lib/api/blog.ts';

export interface CommentsState {
  threads: CommentThread[];
  /** Top-level comments on the server (the list's total, kept in step with posts and deletions). */
  total: number;
  /** The last page loaded (0 before the first). */
  pageNum: number;
  totalPageNum: number;
}

export type CommentsAction =
  | { type: 'loaded'; page: Page<CommentThread>; reset?: boolean }
  | { type: 'posted'; comment: Comment }
  | { type: 'deleted'; id: string }
  | { type: 'voted'; id: string; votes: Votes };

export type CommentsDispatch = (action: CommentsAction) => void;

export const EMPTY_COMMENTS: CommentsState = { threads: [], total: 0, pageNum: 0, totalPageNum: 0 };

/** Whether another page of top-level comments is waiting on the server. */
export function hasMore(state: CommentsState): boolean {
  return state.pageNum < state.totalPageNum;
}

/** Every comment on the page, top-level and replies. */
export function commentCount(state: CommentsState): number {
  return state.threads.reduce((sum, thread) => sum + 1 + thread.replies.length, 0);
}

/** The ids of `id` and every reply under it, however deep, among the replies of one thread. */
function withDescendants(id: string, replies: readonly Comment[]): Set<string> {
  const gone = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const reply of replies) {
      if (reply.parentId !== null && gone.has(reply.parentId) && !gone.has(reply.id)) {
        gone.add(reply.id);
        grew = true;
      }
    }
  }
  return gone;
}

function applyVotes<T extends Comment>(comment: T, votes: Votes): T {
  return {
    ...comment,
    thumbsUp: votes.thumbsUp,
    thumbsDown: votes.thumbsDown,
    myVote: votes.myVote,
  };
}

export function commentsReducer(state: CommentsState, action: CommentsAction): CommentsState {
  switch (action.type) {
    case 'loaded': {
      const { page } = action;
      const kept = action.reset ? [] : state.threads;
      // A comment posted here may come again with a later page: keep one copy (the fresh one).
      const fresh = new Set(page.records.map((thread) => thread.id));
      return {
        threads: [...kept.filter((thread) => !fresh.has(thread.id)), ...page.records],
        total: page.totalRecordNum,
        pageNum: page.pageNum,
        totalPageNum: page.totalPageNum,
      };
    }
    case 'posted': {
      const { comment } = action;
      if (comment.parentId === null) {
        if (state.threads.some((thread) => thread.id === comment.id)) return state;
        return {
          ...state,
          threads: [...state.threads, { ...comment, replies: [] }],
          total: state.total + 1,
        };
      }
      const parentId = comment.parentId;
      return {
        ...state,
        threads: state.threads.map((thread) =>
          (thread.id === parentId || thread.replies.some((reply) => reply.id === parentId)) &&
          !thread.replies.some((reply) => reply.id === comment.id)
            ? { ...thread, replies: [...thread.replies, comment] }
            : thread,
        ),
      };
    }
    case 'deleted': {
      const { id } = action;
      if (state.threads.some((thread) => thread.id === id)) {
        return {
          ...state,
          threads: state.threads.filter((thread) => thread.id !== id),
          total: Math.max(0, state.total - 1),
        };
      }
      return {
        ...state,
        threads: state.threads.map((thread) => {
          if (!thread.replies.some((reply) => reply.id === id)) return thread;
          const gone = withDescendants(id, thread.replies);
          return { ...thread, replies: thread.replies.filter((reply) => !gone.has(reply.id)) };
        }),
      };
    }
    case 'voted': {
      const { id, votes } = action;
      return {
        ...state,
        threads: state.threads.map((thread) => {
          if (thread.id === id) return applyVotes(thread, votes);
          if (!thread.replies.some((reply) => reply.id === id)) return thread;
          return {
            ...thread,
            replies: thread.replies.map((reply) =>
              reply.id === id ? applyVotes(reply, votes) : reply,
            ),
          };
        }),
      };
    }
  }
}

/** The vote a click on `button` asks for: pressing the pressed button again removes the vote. */
export function nextVote(current: Comment['myVote'], button: 'up' | 'down'): Comment['myVote'] {
  return current === button ? null : button;
}
