/** /api/blog/category and /api/blog/tag: public lists with counts, writes behind a permission. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Permission } from '../../lib/shared/permissions.ts';
import { requirePermission } from '../guard/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import {
  TermBodySchema,
  TermDeleteQuerySchema,
  TermIdParamsSchema,
  TermSchema,
} from './taxonomy.schema.ts';
import { createTerm, getTerm, listTerms, removeTerm, renameTerm } from './taxonomy.service.ts';
import type { TermKind } from '../../lib/shared/term-kinds.ts';

const tags = ['blog'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
const PERMISSIONS: Record<TermKind, string> = {
  category: Permission.BLOG_CATEGORY_MANAGE,
  tag: Permission.BLOG_TAG_MANAGE,
};

export function taxonomyRoutes(kind: TermKind): FastifyPluginAsyncTypebox {
  const manage = requirePermission(PERMISSIONS[kind]);
  const path = `/${kind}`;
  return async (app) => {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `Every ${kind} with its count of visible articles, most used first`,
          response: { 200: Envelope(Type.Array(TermSchema)) },
        },
      },
      async () => ok(await listTerms(app.ctx, kind)),
    );

    app.get(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: `One ${kind}`,
          params: TermIdParamsSchema,
          response: { 200: Envelope(TermSchema), 400: ErrorEnvelope, 404: ErrorEnvelope },
        },
      },
      async ({ params }) => ok(await getTerm(app.ctx, kind, params.id)),
    );

    app.post(
      path,
      {
        onRequest: manage,
        schema: {
          tags,
          summary: `Creates a ${kind} (names are unique regardless of case)`,
          security,
          body: TermBodySchema,
          response: {
            200: Envelope(TermSchema),
            400: ErrorEnvelope,
            409: ErrorEnvelope,
            ...denied,
          },
        },
      },
      async ({ body }) => ok(await createTerm(app.ctx, kind, body)),
    );

    app.put(
      `${path}/:id`,
      {
        onRequest: manage,
        schema: {
          tags,
          summary: `Renames a ${kind} (a body id must equal the path id)`,
          security,
          params: TermIdParamsSchema,
          body: TermBodySchema,
          response: {
            200: Envelope(TermSchema),
            400: ErrorEnvelope,
            404: ErrorEnvelope,
            409: ErrorEnvelope,
            ...denied,
          },
        },
      },
      async ({ params, body }) => ok(await renameTerm(app.ctx, kind, params.id, body)),
    );

    app.delete(
      `${path}/:id`,
      {
        onRequest: manage,
        schema: {
          tags,
          summary:
            kind === 'category'
              ? 'Deletes a category; refused (409) while it has articles unless ?moveTo=<id> moves them first'
              : 'Deletes a tag and unlinks it from its articles',
          security,
          params: TermIdParamsSchema,
          querystring: TermDeleteQuerySchema,
          response: {
            200: Envelope(Type.Null()),
            400: ErrorEnvelope,
            404: ErrorEnvelope,
            409: ErrorEnvelope,
            ...denied,
          },
        },
      },
      async ({ params, query }) => {
        await removeTerm(app.ctx, kind, params.id, kind === 'category' ? query.moveTo : undefined);
        return ok(null);
      },
    );
  };
}
