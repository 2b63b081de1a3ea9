import type { Selectable } from 'kysely';

/** One row per signed-in device. Only hashes of tokens are stored. */
export interface SessionTable {
  id: string;
  user_id: string;
  token_hash: string;
  /** The token replaced by the last refresh keeps working until `previous_valid_until`. */
  previous_token_hash: string | null;
  previous_valid_until: string | null;
  user_agent: string;
  ip: string;
  create_time: string;
  last_seen_time: string;
  /** Sliding idle expiry, never past `max_expires_time`. */
  expires_time: string;
  max_expires_time: string;
  revoked_time: string | null;
  /** Why it was revoked ('locked', 'passwordChanged', 'revoked'); null while live. */
  revoke_reason: string | null;
}

export type SessionRow = Selectable<SessionTable>;
