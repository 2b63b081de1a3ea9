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
