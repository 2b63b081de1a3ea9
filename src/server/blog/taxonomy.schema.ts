/** Categories and tags as the API shows them; the islands import these types with `import type`. */
import { Type, type Static } from 'typebox';
import { SerialId } from '../common/id.schema.ts';
import { TERM_NAME_MAX } from '../../lib/shared/limits.ts';

export const TermRefSchema = Type.Object(
  { id: Type.Integer(), name: Type.String() },
  { additionalProperties: false },
);
export type TermRef = Static<typeof TermRefSchema>;

/** A category or tag with the number of articles readers can see in it. */
export const TermSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    count: Type.Integer({ description: 'Visible (published) articles' }),
    createTime: Type.String({ format: 'date-time' }),
    updateTime: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type Term = Static<typeof TermSchema>;

export const TermBodySchema = Type.Object(
  {
    id: Type.Optional(SerialId({ description: 'When present, must equal the path id' })),
    name: Type.String({ minLength: 1, maxLength: TERM_NAME_MAX, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type TermBody = Static<typeof TermBodySchema>;

export const TermIdParamsSchema = Type.Object({ id: SerialId() }, { additionalProperties: false });

export const TermDeleteQuerySchema = Type.Object(
  {
    moveTo: Type.Optional(
      SerialId({ description: 'Categories only: move the articles to this category first' }),
    ),
  },
  { additionalProperties: false },
);
export type TermDeleteQuery = Static<typeof TermDeleteQuerySchema>;
