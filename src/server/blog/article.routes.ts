/** /api/blog/article…: the reader's lists, detail, random and search; the manager's writes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hasAnyPermission, Permission } from '../../lib/shared/permissions.ts';
import { requirePermission } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import {
  ArticleBodySchema,
  ArticleIdParamsSchema,
  ArticleSchema,
  ArticleSummarySchema,
  ManagedArticleSummarySchema,
  ManageQuerySchema,
  PageOf,
  PageQuerySchema,
  SearchHitSchema,
  SearchQuerySchema,
} from './article.schema.ts';
import { TermIdParamsSchema } from './taxonomy.schema.ts';

const tags = ['blog'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
const manage = requirePermission(Permission.BLOG_ARTICLE_MANAGE);
const SummaryPage = Envelope(PageOf(ArticleSummarySchema));

export const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { blog } = app.ctx;

  app.get(
    '/article',
    {
      schema: {
        tags,
        summary: 'A page of visible articles: pinned first, then newest',
        querystring: PageQuerySchema,
        response: { 200: SummaryPage, 400: ErrorEnvelope },
      },
    },
    async ({ query }) => ok(await blog.listVisible(null, query.pageNum, query.pageSize)),
  );

  app.get(
    '/article/category/:id',
    {
      schema: {
        tags,
        summary: 'A page of the visible articles of a category',
        params: TermIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: SummaryPage, 400: ErrorEnvelope },
      },
    },
    async ({ params, query }) =>
      ok(await blog.listVisible({ categoryId: params.id }, query.pageNum, query.pageSize)),
  );

  app.get(
    '/article/tag/:id',
    {
      schema: {
        tags,
        summary: 'A page of the visible articles with a tag',
        params: TermIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: SummaryPage, 400: ErrorEnvelope },
      },
    },
    async ({ params, query }) =>
      ok(await blog.listVisible({ tagId: params.id }, query.pageNum, query.pageSize)),
  );

  app.get(
    '/article/detail/:id',
    {
      schema: {
        tags,
        summary:
          'One article with its neighbours in list order; counts a view (not for article managers, whose reads are editing). Drafts and future scheduled articles only for article managers',
        params: ArticleIdParamsSchema,
        response: { 200: Envelope(ArticleSchema), 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const canManage = hasAnyPermission(request.auth?.user.permissions ?? [], [
        Permission.BLOG_ARTICLE_MANAGE,
      ]);
      return ok(await blog.detail(request.params.id, canManage, !canManage));
    },
  );

  app.get(
    '/article/random',
    {
      schema: {
        tags,
        summary: 'The id of a random visible article',
        response: {
          200: Envelope(Type.Object({ id: Type.String() }, { additionalProperties: false })),
          404: ErrorEnvelope,
        },
      },
    },
    async () => ok(await blog.random()),
  );

  app.get(
    '/article/search',
    {
      schema: {
        tags,
        summary:
          'Visible articles whose title or content contains the term, with highlighted (HTML-escaped) title and snippet',
        querystring: SearchQuerySchema,
        response: { 200: Envelope(PageOf(SearchHitSchema)), 400: ErrorEnvelope },
      },
    },
    async ({ query }) => ok(await blog.search(query)),
  );

  app.get(
    '/article/manage',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'A page of articles of every status: search, filters and sorting (managers)',
        security,
        querystring: ManageQuerySchema,
        response: {
          200: Envelope(PageOf(ManagedArticleSummarySchema)),
          400: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async ({ query }) => ok(await blog.listManaged(query)),
  );

  app.post(
    '/article',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Creates an article (draft, published or scheduled)',
        security,
        body: ArticleBodySchema,
        response: {
          200: Envelope(ArticleSchema),
          400: ErrorEnvelope,
          409: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async ({ body }) => ok(await blog.create(body)),
  );

  app.put(
    '/article/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Replaces an article (a body id must equal the path id)',
        security,
        params: ArticleIdParamsSchema,
        body: ArticleBodySchema,
        response: {
          200: Envelope(ArticleSchema),
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          ...denied,
        },
      },
    },
    async ({ params, body }) => ok(await blog.update(params.id, body)),
  );

  app.delete(
    '/article/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Deletes an article with its tag links and comments',
        security,
        params: ArticleIdParamsSchema,
        response: { 200: Envelope(Type.Null()), 404: ErrorEnvelope, ...denied },
      },
    },
    async ({ params }) => {
      await blog.remove(params.id);
      return ok(null);
    },
  );
};
