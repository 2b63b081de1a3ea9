/** Shapes of /api/blog/comment…: threaded comments with their thumbs. */
import { PageOf, pageQuery } from '../common/envelope.schema.ts';
import { Type, type Static } from 'typebox';
import { COMMENT_MAX } from '../../lib/shared/limits.ts';

const Id = Type.String({ minLength: 1, maxLength: 64 });

export const CommentAuthorSchema = Type.Object(
  {
    id: Type.String(),
    nickname: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type CommentAuthor = Static<typeof CommentAuthorSchema>;

export const VoteSchema = Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Null()]);
export type Vote = Static<typeof VoteSchema>;

const commentFields = {
  id: Type.String(),
  articleId: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  /** For a reply to a reply: the comment answered, shown as "@nickname". Null otherwise. */
  replyTo: Type.Union([
    Type.Object({ id: Type.String(), nickname: Type.String() }, { additionalProperties: false }),
    Type.Null(),
  ]),
  author: CommentAuthorSchema,
  /** Rendered from Markdown and sanitised on the server: safe to insert as HTML. */
  html: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  thumbsUp: Type.Integer(),
  thumbsDown: Type.Integer(),
  /** The signed-in reader's own vote (null when none or anonymous). */
  myVote: VoteSchema,
  /** Whether the reader may delete it (its author, or a blog article manager). */
  canDelete: Type.Boolean(),
};

export const CommentSchema = Type.Object(commentFields, {
  additionalProperties: false,
});
export type Comment = Static<typeof CommentSchema>;

/** A top-level comment with all the replies under it (oldest first), however deep they went. */
export const CommentThreadSchema = Type.Object(
  { ...commentFields, replies: Type.Array(CommentSchema) },
  { additionalProperties: false },
);
export type CommentThread = Static<typeof CommentThreadSchema>;

export const CommentPageSchema = PageOf(CommentThreadSchema);

export const CommentListQuerySchema = Type.Object(
  {
    ...pageQuery(20),
  },
  { additionalProperties: false },
);
export type CommentListQuery = Static<typeof CommentListQuerySchema>;

export const CommentIdParamsSchema = Type.Object({ id: Id }, { additionalProperties: false });
export type CommentIdParams = Static<typeof CommentIdParamsSchema>;

export const NewCommentBodySchema = Type.Object(
  {
    articleId: Id,
    parentId: Type.Optional(Id),
    content: Type.String({
      minLength: 1,
      maxLength: COMMENT_MAX,
      pattern: '\\S',
      description: 'Markdown, 1–2,000 characters (a safe subset is kept)',
    }),
  },
  { additionalProperties: false },
);
export type NewCommentBody = Static<typeof NewCommentBodySchema>;

export const VotesSchema = Type.Object(
  { thumbsUp: Type.Integer(), thumbsDown: Type.Integer(), myVote: VoteSchema },
  { additionalProperties: false },
);
export type Votes = Static<typeof VotesSchema>;
