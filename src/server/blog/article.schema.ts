/** Articles as the API shows them and takes them; the islands import these types with `import type`. */
import { Type, type Static, type TSchema } from 'typebox';
import { TermRefSchema } from './taxonomy.schema.ts';
import { pageQuery } from '../common/envelope.schema.ts';
import { SerialId } from '../common/id.schema.ts';
import { IMAGE_URL_PATTERN } from '../../lib/shared/image-url.ts';
import {
  ARTICLE_CONTENT_MAX,
  ARTICLE_SEARCH_MAX,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TAGS_MAX,
  ARTICLE_TITLE_MAX,
  TERM_NAME_MAX,
} from '../../lib/shared/limits.ts';

export const ARTICLE_STATUSES = ['draft', 'published', 'scheduled'] as const;
export const ArticleStatusSchema = Type.Union(
  [Type.Literal('draft'), Type.Literal('published'), Type.Literal('scheduled')],
  { description: 'draft | published | scheduled (visible once publishTime passes)' },
);

const time = Type.String({ format: 'date-time' });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const summaryFields = {
  id: Type.String(),
  title: Type.String(),
  summary: Type.String({ description: 'Written, or an excerpt of the content' }),
  cover: nullable(Type.String()),
  category: TermRefSchema,
  tags: Type.Array(TermRefSchema),
  pinned: Type.Boolean(),
  views: Type.Integer(),
  publishTime: nullable(time),
  createTime: time,
  updateTime: time,
};

export const ArticleSummarySchema = Type.Object(summaryFields, {
  additionalProperties: false,
});
export type ArticleSummary = Static<typeof ArticleSummarySchema>;

/** A list entry for managers: also drafts and scheduled articles. */
export const ManagedArticleSummarySchema = Type.Object(
  { ...summaryFields, status: ArticleStatusSchema },
  { additionalProperties: false },
);
export type ManagedArticleSummary = Static<typeof ManagedArticleSummarySchema>;

export const ArticleLinkSchema = Type.Object(
  { id: Type.String(), title: Type.String() },
  { additionalProperties: false },
);
export type ArticleLink = Static<typeof ArticleLinkSchema>;

export const ArticleSchema = Type.Object(
  {
    ...summaryFields,
    status: ArticleStatusSchema,
    content: Type.String({ description: 'Markdown' }),
    writtenSummary: nullable(
      Type.String({ description: 'The summary as written (null: derived)' }),
    ),
    previous: nullable(ArticleLinkSchema),
    next: nullable(ArticleLinkSchema),
  },
  { additionalProperties: false },
);
export type Article = Static<typeof ArticleSchema>;

export const SearchHitSchema = Type.Object(
  {
    ...summaryFields,
    highlights: Type.Object(
      {
        title: Type.String({ description: 'HTML: escaped text, the term in <mark>' }),
        snippet: Type.String({ description: 'HTML: escaped text, the term in <mark>' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type SearchHit = Static<typeof SearchHitSchema>;

export const ArticleBodySchema = Type.Object(
  {
    id: Type.Optional(
      Type.String({ maxLength: 64, description: 'When present, must equal the path id' }),
    ),
    title: Type.String({ minLength: 1, maxLength: ARTICLE_TITLE_MAX, pattern: '\\S' }),
    content: Type.String({ maxLength: ARTICLE_CONTENT_MAX, description: 'Markdown' }),
    summary: Type.Optional(nullable(Type.String({ maxLength: ARTICLE_SUMMARY_MAX }))),
    cover: Type.Optional(
      nullable(
        Type.String({
          minLength: 1,
          maxLength: 500,
          pattern: IMAGE_URL_PATTERN,
          description: 'An http(s) URL or a path on this site',
        }),
      ),
    ),
    categoryId: SerialId(),
    tagIds: Type.Optional(
      Type.Array(SerialId(), { maxItems: ARTICLE_TAGS_MAX, uniqueItems: true }),
    ),
    tagNames: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: TERM_NAME_MAX, pattern: '\\S' }), {
        maxItems: ARTICLE_TAGS_MAX,
        description: 'Tags to link by name, created when missing',
      }),
    ),
    status: ArticleStatusSchema,
    publishTime: Type.Optional(
      nullable(
        Type.String({
          format: 'date-time',
          description: 'Required for scheduled (in the future); optional for published (≤ now)',
        }),
      ),
    ),
    pinned: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type ArticleBody = Static<typeof ArticleBodySchema>;

export const ArticleIdParamsSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const PageQuerySchema = Type.Object(
  {
    ...pageQuery(10),
  },
  { additionalProperties: false },
);
export type PageQuery = Static<typeof PageQuerySchema>;

export const SearchQuerySchema = Type.Object(
  {
    ...PageQuerySchema.properties,
    term: Type.String({ minLength: 1, maxLength: ARTICLE_SEARCH_MAX, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuerySchema>;

export const ManageQuerySchema = Type.Object(
  {
    ...PageQuerySchema.properties,
    search: Type.Optional(
      Type.String({ maxLength: ARTICLE_SEARCH_MAX, description: 'Part of the title' }),
    ),
    status: Type.Optional(ArticleStatusSchema),
    categoryId: Type.Optional(SerialId()),
    tagId: Type.Optional(SerialId()),
    sort: Type.Union(
      [
        Type.Literal('publishTime'),
        Type.Literal('createTime'),
        Type.Literal('updateTime'),
        Type.Literal('title'),
        Type.Literal('views'),
      ],
      { default: 'updateTime' },
    ),
    order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
  },
  { additionalProperties: false },
);
export type ManageQuery = Static<typeof ManageQuerySchema>;

export { PageOf } from '../common/envelope.schema.ts';
