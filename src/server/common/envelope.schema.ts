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
