/**
 * /api/blog/comment…: an article's comments (public), posting and deleting (signed in), and the
 * thumbs (one vote per user per comment). Posting is rate limited per user and per address.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentAuth, requireUser } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import { alsoLimited, rateLimited } from '../common/rate-limit.ts';
import {
  CommentIdParamsSchema,
  CommentListQuerySchema,
  CommentPageSchema,
  CommentSchema,
  NewCommentBodySchema,
  VotesSchema,
  type Vote,
} from './comment.schema.ts';
import {
  listArticleComments,
  postComment,
  removeComment,
  voteOnComment,
} from './comment.service.ts';

const security = [{ bearer: [] }];
const tags = ['blog-comment'];

export const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/comment/article/:id',
    {
      onRequest: rateLimited(app, 'comment-list', { max: 120, windowMs: 60_000 }),
      schema: {
        tags,
        summary:
          "A page of an article's top-level comments, oldest first, each with its replies (oldest first)",
        params: CommentIdParamsSchema,
        querystring: CommentListQuerySchema,
        response: { 200: Envelope(CommentPageSchema), 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request) =>
      ok(
        await listArticleComments(
          app.ctx,
          request.params.id,
          request.query,
          request.auth?.user ?? null,
        ),
      ),
  );

  app.post(
    '/comment',
    {
      onRequest: [
        requireUser,
        rateLimited(app, 'comment-post-user', { max: 5, windowMs: 60_000, per: 'user' }),
        alsoLimited(app, 'comment-post-ip', { max: 20, windowMs: 60_000 }),
      ],
      schema: {
        tags,
        summary: 'Posts a Markdown comment, or a reply with parentId; notifies by mail',
        security,
        body: NewCommentBodySchema,
        response: {
          200: Envelope(CommentSchema),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const comment = await postComment(app.ctx, currentAuth(request).user, request.body);
      void app.ctx.mailQueue.kick();
      return ok(comment);
    },
  );

  app.delete(
    '/comment/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Deletes a comment and its replies (its author or a blog article manager)',
        security,
        params: CommentIdParamsSchema,
        response: {
          200: Envelope(Type.Null()),
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      await removeComment(app.ctx, currentAuth(request).user, request.params.id);
      return ok(null);
    },
  );

  const votes: ReadonlyArray<readonly [string, Vote, string]> = [
    ['thumbs-up', 'up', 'Thumbs up (replaces a thumbs down)'],
    ['thumbs-down', 'down', 'Thumbs down (replaces a thumbs up)'],
    ['thumbs-none', null, 'Removes the vote'],
  ];
  for (const [path, vote, summary] of votes) {
    app.post(
      `/comment/${path}/:id`,
      {
        onRequest: [
          requireUser,
          rateLimited(app, 'comment-vote', { max: 60, windowMs: 60_000, per: 'user' }),
        ],
        schema: {
          tags,
          summary: `${summary}; answers the comment's counts and the user's vote`,
          security,
          params: CommentIdParamsSchema,
          response: {
            200: Envelope(VotesSchema),
            401: ErrorEnvelope,
            404: ErrorEnvelope,
            429: ErrorEnvelope,
          },
        },
      },
      async (request) =>
        ok(await voteOnComment(app.ctx, currentAuth(request).user, request.params.id, vote)),
    );
  }
};
