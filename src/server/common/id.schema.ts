/** Schemas of row ids, shared by every domain. */
import { Type, type TNumberOptions } from 'typebox';

/** PostgreSQL's `integer`: an id beyond it can name no row, and the query itself would fail. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** The id of a row with an integer key (categories, tags). */
export function SerialId(options: TNumberOptions = {}) {
  return Type.Integer({ minimum: 1, maximum: MAX_SERIAL_ID, ...options });
}
