/** /api/blog/category and /api/blog/tag: public lists with counts, writes behind a permission. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Permission } from '../../lib/shared/permissions.ts';
import { requirePermission } from '../auth/index.ts';
import { ok } from '../common/envelope.ts';
import { Envelope, ErrorEnvelope } from '../common/envelope.schema.ts';
import {
  TermBodySchema,
  TermDeleteQuerySchema,
  TermIdParamsSchema,
  TermSchema,
} from './taxonomy.schema.ts';
import type { TaxonomyService, TermKind } from './taxonomy.service.ts';

const tags = ['blog'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
const PERMISSIONS: Record<TermKind, string> = {
  category: Permission.BLOG_CATEGORY_MANAGE,
  tag: Permission.BLOG_TAG_MANAGE,
};

export function taxonomyRoutes(kind: TermKind, terms: TaxonomyService): FastifyPluginAsyncTypebox {
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
      async () => ok(await terms.list()),
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
      async ({ params }) => ok(await terms.get(params.id)),
    );

    app.post(
      path,
      {
        preHandler: manage,
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
      async ({ body }) => ok(await terms.create(body)),
    );

    app.put(
      `${path}/:id`,
      {
        preHandler: manage,
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
      async ({ params, body }) => ok(await terms.rename(params.id, body)),
    );

    app.delete(
      `${path}/:id`,
      {
        preHandler: manage,
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
        await terms.remove(params.id, kind === 'category' ? query.moveTo : undefined);
        return ok(null);
      },
    );
  };
}
