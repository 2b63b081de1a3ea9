/** Row types of the proxy area (columns snake_case, times ISO-8601 text). */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { NodeType } from '../../lib/shared/proxy/node.ts';

/** PostgreSQL gives a boolean, SQLite 0/1. */
type Flag = boolean | number;

export interface ProxySubscriptionTable {
  id: string;
  name: string;
  url: string;
  interval_hours: number;
  prefix: string;
  include_pattern: string;
  exclude_pattern: string;
  etag: string | null;
  last_modified: string | null;
  last_sync_time: string | null;
  last_sync_ok: Flag | null;
  last_sync_changed: Flag | null;
  last_nodes_found: number | null;
  last_error: string | null;
  last_success_time: string | null;
  next_sync_time: string | null;
  /** JSON of the provider's subscription-userinfo. */
  userinfo: string | null;
  lease_until: string | null;
  create_time: string;
  update_time: string;
}
export type SubscriptionRow = Selectable<ProxySubscriptionTable>;
export type SubscriptionUpdate = Updateable<ProxySubscriptionTable>;

export interface ProxyNodeTable {
  id: string;
  subscription_id: string | null;
  position: number;
  name: string;
  type: NodeType;
  server: string;
  port: number;
  region: string | null;
  /** JSON of the node's other fields (NodeData in node.repo.ts). */
  data: string;
  create_time: string;
  update_time: string;
}
export type NodeRow = Selectable<ProxyNodeTable>;
export type NewNodeRow = Insertable<ProxyNodeTable>;

export interface ProxyTokenTable {
  id: string;
  name: string;
  secret_hash: string;
  /** JSON of the TokenScope. */
  scope: string;
  expire_time: string | null;
  daily_limit: number | null;
  notes: string;
  revoked_time: string | null;
  uses_day: string | null;
  uses_today: number;
  last_use_time: string | null;
  create_time: string;
  update_time: string;
}
export type TokenRow = Selectable<ProxyTokenTable>;

export type UseOutcome = 'ok' | 'limited' | 'expired' | 'revoked';

export interface ProxyTokenUseTable {
  /** A UUID v7: the log sorts by it. */
  id: string;
  token_id: string;
  time: string;
  ip: string;
  user_agent: string;
  client: string | null;
  format: string;
  bytes: number;
  outcome: UseOutcome;
}
export type TokenUseRow = Selectable<ProxyTokenUseTable>;
