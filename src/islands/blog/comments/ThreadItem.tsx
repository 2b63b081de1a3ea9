import type { CommentThread } from '@/lib/api/blog.ts';
import type { CommentsDispatch } from '../comment-state.ts';
import CommentItem, { type Reader } from './CommentItem.tsx';

/** A top-level comment with its replies indented under it. */
export default function ThreadItem({
  thread,
  replyingTo,
  ...item
}: {
  thread: CommentThread;
  articleId: string;
  reader: Reader;
  dispatch: CommentsDispatch;
  replyingTo: string | null;
  onReply: (id: string | null) => void;
}) {
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
