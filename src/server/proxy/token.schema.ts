/** Client-link tokens as the API shows and takes them. The secret appears only in TokenSecret. */
import { Type, type Static } from 'typebox';
import { pageQuery } from '../common/envelope.schema.ts';
import {
  PROXY_DAILY_LIMIT_MAX,
  PROXY_NAME_MAX,
  PROXY_NOTES_MAX,
  PROXY_PATTERN_MAX,
  PROXY_SEARCH_MAX,
} from '../../lib/shared/limits.ts';
import { TARGET_FORMATS, type Target } from './client-detect.ts';
import { NodeTypeSchema } from './node.schema.ts';

const Id = Type.String({ minLength: 1, maxLength: 64 });

/**
 * What a token exposes: every node; chosen subscriptions and nodes; or the nodes whose name
 * matches `include` and not `exclude`, of the given types (none given: every type).
 */
export const TokenScopeSchema = Type.Union([
  Type.Object({ mode: Type.Literal('all') }, { additionalProperties: false }),
  Type.Object(
    {
      mode: Type.Literal('pick'),
      subscriptionIds: Type.Array(Id, { maxItems: 200 }),
      nodeIds: Type.Array(Id, { maxItems: 2000 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      mode: Type.Literal('filter'),
      include: Type.String({ maxLength: PROXY_PATTERN_MAX }),
      exclude: Type.String({ maxLength: PROXY_PATTERN_MAX }),
      types: Type.Array(NodeTypeSchema, { maxItems: 8 }),
    },
    { additionalProperties: false },
  ),
]);
export type TokenScope = Static<typeof TokenScopeSchema>;

export const TokenSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    scope: TokenScopeSchema,
    /** Null means it never expires (chosen explicitly). */
    expireTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    dailyLimit: Type.Union([Type.Integer(), Type.Null()]),
    notes: Type.String(),
    status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
    /** Requests answered since midnight UTC (what the daily limit counts). */
    usesToday: Type.Integer(),
    lastUseTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    createTime: Type.String({ format: 'date-time' }),
    updateTime: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type TokenDto = Static<typeof TokenSchema>;

/** Shown once, at creation and rotation: the secret and the client link made from it. */
export const TokenSecretSchema = Type.Object(
  {
    token: TokenSchema,
    secret: Type.String(),
    /** The link for the clients: `<site>/api/proxy/agg/<secret>`. */
    link: Type.String(),
  },
  { additionalProperties: false },
);
export type TokenSecret = Static<typeof TokenSecretSchema>;

export const TokenQuerySchema = Type.Object(
  {
    ...pageQuery(20),
    search: Type.Optional(Type.String({ maxLength: PROXY_SEARCH_MAX })),
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
    ),
    sort: Type.Union(
      [Type.Literal('name'), Type.Literal('createTime'), Type.Literal('expireTime')],
      { default: 'createTime' },
    ),
    order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
  },
  { additionalProperties: false },
);
export type TokenQuery = Static<typeof TokenQuerySchema>;

export const TokenBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: PROXY_NAME_MAX, pattern: '\\S' }),
    scope: TokenScopeSchema,
    /** Required: a time, or null for "never" — never by default is not offered. */
    expireTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** 0 for no limit (a nullable number would let the query coercion turn a bad 0 into null). */
    dailyLimit: Type.Integer({ minimum: 0, maximum: PROXY_DAILY_LIMIT_MAX }),
    notes: Type.String({ maxLength: PROXY_NOTES_MAX, default: '' }),
  },
  { additionalProperties: false },
);
export type TokenBody = Static<typeof TokenBodySchema>;

export const TokenUseSchema = Type.Object(
  {
    id: Type.String(),
    time: Type.String({ format: 'date-time' }),
    ip: Type.String(),
    userAgent: Type.String(),
    /** The client the User-Agent names (`mihomo`, `v2rayN`, a browser…), or null. */
    client: Type.Union([Type.String(), Type.Null()]),
    format: Type.String({ description: 'v2ray, clash, sing-box or page' }),
    bytes: Type.Integer(),
    outcome: Type.Union([
      Type.Literal('ok'),
      Type.Literal('limited'),
      Type.Literal('expired'),
      Type.Literal('revoked'),
    ]),
  },
  { additionalProperties: false },
);
export type TokenUse = Static<typeof TokenUseSchema>;

export const TokenUseQuerySchema = Type.Object(
  { ...pageQuery(20) },
  { additionalProperties: false },
);
export type TokenUseQuery = Static<typeof TokenUseQuerySchema>;

/** The formats a client link can be asked for (`base64` and `mihomo`, `singbox` are aliases). */
const Target = Type.Optional(
  Type.Enum(Object.keys(TARGET_FORMATS) as Target[], {
    description: 'v2ray (base64 share links), clash (a mihomo config) or sing-box (a profile)',
  }),
);

export const AggQuerySchema = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 200 })), target: Target },
  { additionalProperties: false },
);
export const AggTargetQuerySchema = Type.Object(
  { target: Target },
  { additionalProperties: false },
);
export const AggParamsSchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
