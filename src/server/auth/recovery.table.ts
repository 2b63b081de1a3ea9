import type { Selectable } from 'kysely';

/** A password-recovery link: only the SHA-256 of its token is stored; it works once, until expiry. */
export interface RecoveryTokenTable {
  token_hash: string;
  user_id: string;
  create_time: string;
  expires_time: string;
  used_time: string | null;
}

export type RecoveryTokenRow = Selectable<RecoveryTokenTable>;
