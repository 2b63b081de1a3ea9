import { Type, type Static } from 'typebox';

/** A point from the IP-location service: the centre of its rectangle, 3 decimals each. */
export const IpLocationSchema = Type.Object(
  { latitude: Type.Number(), longitude: Type.Number() },
  { $id: 'IpLocation', additionalProperties: false },
);
export type IpLocation = Static<typeof IpLocationSchema>;
