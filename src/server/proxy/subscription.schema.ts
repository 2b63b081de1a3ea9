/** Upstream subscriptions as the API shows and takes them. */
import { Type, type Static } from 'typebox';
import { pageQuery } from '../common/envelope.schema.ts';
import {
  PROXY_INTERVAL_HOURS_DEFAULT,
  PROXY_INTERVAL_HOURS_MAX,
  PROXY_INTERVAL_HOURS_MIN,
  PROXY_NAME_MAX,
  PROXY_PATTERN_MAX,
  PROXY_PREFIX_MAX,
  PROXY_SEARCH_MAX,
  PROXY_URL_MAX,
} from '../../lib/shared/limits.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** The provider's account from `subscription-userinfo`: bytes, and expiry in Unix seconds. */
export const UserinfoSchema = Type.Object(
  {
    upload: Type.Optional(Type.Number()),
    download: Type.Optional(Type.Number()),
    total: Type.Optional(Type.Number()),
    expire: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

export const SubscriptionSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    url: Type.String(),
    intervalHours: Type.Integer(),
    prefix: Type.String(),
    include: Type.String({ description: 'Keep only nodes whose name matches (empty: all)' }),
    exclude: Type.String({ description: 'Drop nodes whose name matches (empty: none)' }),
    nodeCount: Type.Integer({ description: 'Nodes stored from this subscription now' }),
    /** The last fetch: when, and what it brought (nodes found, or the error). */
    lastSync: Nullable(
      Type.Object(
        {
          time: Type.String({ format: 'date-time' }),
          ok: Type.Boolean(),
          changed: Type.Boolean({ description: 'False when the upstream answered 304' }),
          nodesFound: Nullable(Type.Integer()),
          error: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    lastSuccessTime: Nullable(Type.String({ format: 'date-time' })),
    nextSyncTime: Nullable(Type.String({ format: 'date-time' })),
    userinfo: Nullable(UserinfoSchema),
    createTime: Type.String({ format: 'date-time' }),
    updateTime: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type SubscriptionDto = Static<typeof SubscriptionSchema>;

export const SubscriptionQuerySchema = Type.Object(
  {
    ...pageQuery(20),
    search: Type.Optional(
      Type.String({ maxLength: PROXY_SEARCH_MAX, description: 'Part of the name or URL' }),
    ),
    sort: Type.Union([Type.Literal('name'), Type.Literal('createTime'), Type.Literal('lastSync')], {
      default: 'createTime',
    }),
    order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
  },
  { additionalProperties: false },
);
export type SubscriptionQuery = Static<typeof SubscriptionQuerySchema>;

export const SubscriptionBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: PROXY_NAME_MAX, pattern: '\\S' }),
    url: Type.String({ minLength: 1, maxLength: PROXY_URL_MAX }),
    intervalHours: Type.Integer({
      minimum: PROXY_INTERVAL_HOURS_MIN,
      maximum: PROXY_INTERVAL_HOURS_MAX,
      default: PROXY_INTERVAL_HOURS_DEFAULT,
    }),
    prefix: Type.String({ maxLength: PROXY_PREFIX_MAX, default: '' }),
    include: Type.String({ maxLength: PROXY_PATTERN_MAX, default: '' }),
    exclude: Type.String({ maxLength: PROXY_PATTERN_MAX, default: '' }),
  },
  { additionalProperties: false },
);
export type SubscriptionBody = Static<typeof SubscriptionBodySchema>;

/** A subscription with what its sync just did (create, edit and "sync now" answer this). */
export const SyncedSubscriptionSchema = Type.Object(
  {
    subscription: SubscriptionSchema,
    /** False when another sync of it was running (its result shows in `lastSync` later). */
    synced: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SyncedSubscription = Static<typeof SyncedSubscriptionSchema>;
