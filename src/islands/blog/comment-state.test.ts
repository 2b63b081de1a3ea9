import { expect, test } from 'vitest';
import type { Comment, CommentThread, Page } from '@/lib/api/blog.ts';
import { COMMENT_MAX } from '@/lib/shared/limits.ts';
import { NewCommentBodySchema } from '@/server/blog/comment.schema.ts';
import {
  EMPTY_COMMENTS,
  commentCount,
  commentsReducer,
  hasMore,
  nextVote,
  type CommentsState,
} from './comment-state.ts';

function comment(
  id: string,
  parentId: string | null = null,
  extra: Partial<Comment> = {},
): Comment {
  return {
    id,
    articleId: 'a1',
    parentId,
    replyTo: null,
    author: { id: 'u1', nickname: `n-${id}`, avatar: null },
    html: `<p>${id}</p>`,
    createTime: '2026-01-01T00:00:00.000Z',
    thumbsUp: 0,
    thumbsDown: 0,
    myVote: null,
    canDelete: false,
    ...extra,
  };
}

function thread(id: string, replies: Comment[] = []): CommentThread {
  return { ...comment(id), replies };
}

function page(records: CommentThread[], pageNum: number, totalPageNum: number, total: number) {
  const result: Page<CommentThread> = {
    records,
    pageNum,
    totalPageNum,
    totalRecordNum: total,
    pageSize: 2,
  };
  return result;
}

const loaded: CommentsState = commentsReducer(EMPTY_COMMENTS, {
  type: 'loaded',
  page: page(
    [thread('t1', [comment('r1', 't1'), comment('r2', 'r1'), comment('r3', 't1')]), thread('t2')],
    1,
    2,
    3,
  ),
});

test('the editor’s limit is the server’s', () => {
  expect(NewCommentBodySchema.properties.content).toMatchObject({ maxLength: COMMENT_MAX });
});

test('pages append in order; "load more" is offered until the last page', () => {
  expect(loaded.threads.map((t) => t.id)).toEqual(['t1', 't2']);
  expect(hasMore(loaded)).toBe(true);
  expect(commentCount(loaded)).toBe(5);
  const next = commentsReducer(loaded, { type: 'loaded', page: page([thread('t3')], 2, 2, 3) });
  expect(next.threads.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
  expect(hasMore(next)).toBe(false);
});

test('a reload (reset) replaces what was there', () => {
  const next = commentsReducer(loaded, {
    type: 'loaded',
    page: page([thread('t9')], 1, 1, 1),
    reset: true,
  });
  expect(next).toEqual({ threads: [thread('t9')], total: 1, pageNum: 1, totalPageNum: 1 });
});

test('a comment posted here and met again on a later page is kept once', () => {
  const posted = commentsReducer(loaded, { type: 'posted', comment: comment('t3') });
  expect(posted.total).toBe(4);
  const next = commentsReducer(posted, {
    type: 'loaded',
    page: page([thread('t3', [comment('r9', 't3')])], 2, 2, 4),
  });
  expect(next.threads.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
  expect(next.threads[2]?.replies.map((r) => r.id)).toEqual(['r9']);
});

test('a top-level comment is added at the end; posting it twice adds it once', () => {
  const once = commentsReducer(loaded, { type: 'posted', comment: comment('t3') });
  const twice = commentsReducer(once, { type: 'posted', comment: comment('t3') });
  expect(twice.threads.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
  expect(twice.threads[2]?.replies).toEqual([]);
  expect(twice.total).toBe(4);
});

test('a reply goes under its thread, whether it answers the thread or one of its replies', () => {
  const toRoot = commentsReducer(loaded, { type: 'posted', comment: comment('r4', 't2') });
  expect(toRoot.threads[1]?.replies.map((r) => r.id)).toEqual(['r4']);
  const toReply = commentsReducer(loaded, {
    type: 'posted',
    comment: comment('r5', 'r2', { replyTo: { id: 'r2', nickname: 'n-r2' } }),
  });
  expect(toReply.threads[0]?.replies.map((r) => r.id)).toEqual(['r1', 'r2', 'r3', 'r5']);
  expect(toReply.total).toBe(3);
});

test('deleting a reply removes every reply under it, and only those', () => {
  const next = commentsReducer(loaded, { type: 'deleted', id: 'r1' });
  expect(next.threads[0]?.replies.map((r) => r.id)).toEqual(['r3']);
  expect(next.threads[1]).toBe(loaded.threads[1]);
  expect(next.total).toBe(3);
});

test('deleting a top-level comment removes its thread and counts it', () => {
  const next = commentsReducer(loaded, { type: 'deleted', id: 't1' });
  expect(next.threads.map((t) => t.id)).toEqual(['t2']);
  expect(next.total).toBe(2);
});

test('a vote updates the counts and the reader’s vote of that comment only', () => {
  const votes = { thumbsUp: 3, thumbsDown: 1, myVote: 'up' as const };
  const onReply = commentsReducer(loaded, { type: 'voted', id: 'r2', votes });
  expect(onReply.threads[0]?.replies[1]).toMatchObject(votes);
  expect(onReply.threads[0]?.replies[0]).toMatchObject({ thumbsUp: 0, myVote: null });
  expect(onReply.threads[0]).toMatchObject({ thumbsUp: 0, myVote: null });
  const onThread = commentsReducer(loaded, { type: 'voted', id: 't2', votes });
  expect(onThread.threads[1]).toMatchObject(votes);
  expect(onThread.threads[1]?.replies).toEqual([]);
});

test('pressing the pressed thumb again removes the vote; the other one switches it', () => {
  expect(nextVote(null, 'up')).toBe('up');
  expect(nextVote('up', 'up')).toBeNull();
  expect(nextVote('up', 'down')).toBe('down');
  expect(nextVote('down', 'down')).toBeNull();
});
