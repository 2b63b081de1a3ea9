import { Type, type Static } from 'typebox';

export const QR_DATA_MAX = 1000;

export const QrcodeQuerySchema = Type.Object(
  {
    data: Type.String({
      minLength: 1,
      maxLength: QR_DATA_MAX,
      pattern: '\\S',
      description: 'The text to encode (1–1,000 characters), e.g. an article URL',
    }),
  },
  { additionalProperties: false },
);
export type QrcodeQuery = Static<typeof QrcodeQuerySchema>;
