/** Schemas of the `{code, message, data}` envelope, for route response declarations. */
import { Type, type TSchema } from 'typebox';

export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), message: Type.String(), data });
}

export const ErrorEnvelope = Type.Object(
  { code: Type.Integer(), message: Type.String(), data: Type.Null() },
  { $id: 'ErrorEnvelope' },
);

export const TokenSchema = Type.String({ description: 'An opaque session token' });

/**
 * The `pageNum` and `pageSize` of every paged list (design.md §3), to spread into a querystring
 * schema. Non-finite numbers (`Infinity`, `1e309`) that the query string's coercion lets through
 * are refused for every route by the input guard (input-guard.ts).
 */
export function pageQuery(defaultSize: number) {
  return {
    pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: defaultSize }),
  };
}

/** The page shape of design.md §3 around a record schema. */
export function PageOf<T extends TSchema>(record: T) {
  return Type.Object(
    {
      records: Type.Array(record),
      totalRecordNum: Type.Integer(),
      totalPageNum: Type.Integer(),
      pageNum: Type.Integer(),
      pageSize: Type.Integer(),
    },
    { additionalProperties: false },
  );
}
