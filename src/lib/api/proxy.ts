/**
 * Calls of the proxy area (role proxy_admin, under /api/proxy): nodes, upstream subscriptions and
 * client-link tokens, one typed function per endpoint. The QR code of a token's link comes from
 * the common endpoint (`getQrCode` in common.ts).
 */
import type {
  LineError,
  NodeCreated,
  NodeDto,
  NodePreview,
  NodeQuery,
  NodeUpdateBody,
} from '@/server/proxy/node.schema.ts';
import type {
  SubscriptionBody,
  SubscriptionDto,
  SubscriptionQuery,
  SyncedSubscription,
} from '@/server/proxy/subscription.schema.ts';
import type {
  TokenBody,
  TokenDto,
  TokenQuery,
  TokenScope,
  TokenSecret,
  TokenUse,
} from '@/server/proxy/token.schema.ts';
import { request } from '../http.ts';
import type { Page } from '../shared/codes.ts';

export type {
  LineError,
  NodeCreated,
  NodeDto,
  NodePreview,
  NodeUpdateBody,
  SubscriptionBody,
  SubscriptionDto,
  SyncedSubscription,
  TokenBody,
  TokenDto,
  TokenScope,
  TokenSecret,
  TokenUse,
};
export type NodeSort = NodeQuery['sort'];
export type SubscriptionSort = SubscriptionQuery['sort'];
export type TokenSort = TokenQuery['sort'];
export type TokenStatus = TokenDto['status'];
export type Userinfo = NonNullable<SubscriptionDto['userinfo']>;

/** A list's query: paging and sorting always, the filters when set. */
type ListQuery<Q extends { pageNum: number; pageSize: number; sort: string; order: string }> = Pick<
  Q,
  'pageNum' | 'pageSize' | 'sort' | 'order'
> &
  Partial<Omit<Q, 'pageNum' | 'pageSize'>>;

export type NodeListQuery = ListQuery<NodeQuery>;
export type SubscriptionListQuery = ListQuery<SubscriptionQuery>;
export type TokenListQuery = ListQuery<TokenQuery>;

const BASE = 'proxy';
const at = (kind: 'node' | 'sub' | 'token', id: string, action = '') =>
  `${BASE}/${kind}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** A search without its blanks, or nothing. */
const searchOf = (search: string | undefined) => search?.trim() || undefined;

// ---- Nodes ----

/** GET /api/proxy/node — a page of nodes; blank search and absent filters are not sent. */
export function listNodes(query: NodeListQuery): Promise<Page<NodeDto>> {
  return request<Page<NodeDto>>('get', `${BASE}/node`, {
    searchParams: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      search: searchOf(query.search),
      type: query.type,
      region: query.region || undefined,
      subscriptionId: query.subscriptionId || undefined,
      sort: query.sort,
      order: query.order,
    },
  });
}

/** GET /api/proxy/node/{id} — one node with its fields and share link. */
export function getNode(id: string): Promise<NodeDto> {
  return request<NodeDto>('get', at('node', id));
}

/** POST /api/proxy/node/preview — what the pasted links hold, line by line; nothing is saved. */
export function previewNodes(links: string): Promise<NodePreview> {
  return request<NodePreview>('post', `${BASE}/node/preview`, { json: { links } });
}

/** POST /api/proxy/node — saves every line that parses; answers the errors of the others. */
export function createNodes(links: string): Promise<NodeCreated> {
  return request<NodeCreated>('post', `${BASE}/node`, { json: { links } });
}

/** PUT /api/proxy/node/{id} — a node edited by hand (a synced one leaves its subscription). */
export function updateNode(id: string, body: NodeUpdateBody): Promise<NodeDto> {
  return request<NodeDto>('put', at('node', id), { json: body });
}

/** DELETE /api/proxy/node/{id}. */
export async function deleteNode(id: string): Promise<void> {
  await request<unknown>('delete', at('node', id));
}

// ---- Subscriptions ----

/** GET /api/proxy/sub — a page of subscriptions; a blank search is not sent. */
export function listSubscriptions(query: SubscriptionListQuery): Promise<Page<SubscriptionDto>> {
  return request<Page<SubscriptionDto>>('get', `${BASE}/sub`, {
    searchParams: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      search: searchOf(query.search),
      sort: query.sort,
      order: query.order,
    },
  });
}

/** GET /api/proxy/sub/{id}. */
export function getSubscription(id: string): Promise<SubscriptionDto> {
  return request<SubscriptionDto>('get', at('sub', id));
}

/** POST /api/proxy/sub — creates a subscription and syncs it at once (up to ~15 s). */
export function createSubscription(body: SubscriptionBody): Promise<SyncedSubscription> {
  return request<SyncedSubscription>('post', `${BASE}/sub`, { json: body });
}

/** PUT /api/proxy/sub/{id} — changes a subscription and syncs it again. */
export function updateSubscription(
  id: string,
  body: SubscriptionBody,
): Promise<SyncedSubscription> {
  return request<SyncedSubscription>('put', at('sub', id), { json: body });
}

/** POST /api/proxy/sub/{id}/sync — "sync now". */
export function syncSubscription(id: string): Promise<SyncedSubscription> {
  return request<SyncedSubscription>('post', at('sub', id, 'sync'));
}

/** DELETE /api/proxy/sub/{id} — the subscription and the nodes it brought. */
export async function deleteSubscription(id: string): Promise<void> {
  await request<unknown>('delete', at('sub', id));
}

// ---- Tokens ----

/** GET /api/proxy/token — a page of tokens; blank search and absent status are not sent. */
export function listTokens(query: TokenListQuery): Promise<Page<TokenDto>> {
  return request<Page<TokenDto>>('get', `${BASE}/token`, {
    searchParams: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      search: searchOf(query.search),
      status: query.status,
      sort: query.sort,
      order: query.order,
    },
  });
}

/** GET /api/proxy/token/{id}. */
export function getToken(id: string): Promise<TokenDto> {
  return request<TokenDto>('get', at('token', id));
}

/** POST /api/proxy/token — a new token; its secret and link are in this answer only. */
export function createToken(body: TokenBody): Promise<TokenSecret> {
  return request<TokenSecret>('post', `${BASE}/token`, { json: body });
}

/** PUT /api/proxy/token/{id} — changes a token (its secret stays). */
export function updateToken(id: string, body: TokenBody): Promise<TokenDto> {
  return request<TokenDto>('put', at('token', id), { json: body });
}

/** POST /api/proxy/token/{id}/rotate — a new secret (the old link stops working); shown once. */
export function rotateToken(id: string): Promise<TokenSecret> {
  return request<TokenSecret>('post', at('token', id, 'rotate'));
}

/** POST /api/proxy/token/{id}/revoke — the link stops working for good. */
export function revokeToken(id: string): Promise<TokenDto> {
  return request<TokenDto>('post', at('token', id, 'revoke'));
}

/** DELETE /api/proxy/token/{id}. */
export async function deleteToken(id: string): Promise<void> {
  await request<unknown>('delete', at('token', id));
}

/** GET /api/proxy/token/{id}/use — a page of the token's access log, newest first. */
export function listTokenUses(
  id: string,
  query: { pageNum: number; pageSize: number },
): Promise<Page<TokenUse>> {
  return request<Page<TokenUse>>('get', at('token', id, 'use'), {
    searchParams: { pageNum: query.pageNum, pageSize: query.pageSize },
  });
}
