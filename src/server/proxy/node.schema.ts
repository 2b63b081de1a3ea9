/** Proxy nodes as the API shows and takes them; the islands import these types with `import type`. */
import { Type, type Static } from 'typebox';
import { pageQuery } from '../common/envelope.schema.ts';
import { NODE_TYPES } from '../../lib/shared/proxy/node.ts';
import {
  PROXY_FIELD_MAX,
  PROXY_LINKS_TEXT_MAX,
  PROXY_NAME_MAX,
  PROXY_SEARCH_MAX,
} from '../../lib/shared/limits.ts';

export const NodeTypeSchema = Type.Enum(NODE_TYPES);

export const IdParamsSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

const Fields = Type.Record(
  Type.String({ maxLength: 64 }),
  Type.String({ maxLength: PROXY_FIELD_MAX }),
);

/** What a list row and the preview show of a node. */
const nodeSummary = {
  name: Type.String(),
  type: NodeTypeSchema,
  server: Type.String(),
  port: Type.Integer(),
  /** ISO code of the region the name points to (region.ts), or null. */
  region: Type.Union([Type.String(), Type.Null()]),
};

export const NodeSchema = Type.Object(
  {
    id: Type.String(),
    ...nodeSummary,
    ports: Type.Union([Type.String(), Type.Null()]),
    credentials: Fields,
    transport: Fields,
    tls: Fields,
    /** The share link made from the stored fields. */
    link: Type.String(),
    /** The subscription the node was synced from; null for a node added or edited by hand. */
    subscription: Type.Union([
      Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false }),
      Type.Null(),
    ]),
    createTime: Type.String({ format: 'date-time' }),
    updateTime: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type NodeDto = Static<typeof NodeSchema>;

export const NodeQuerySchema = Type.Object(
  {
    ...pageQuery(20),
    search: Type.Optional(
      Type.String({ maxLength: PROXY_SEARCH_MAX, description: 'Part of the name or server' }),
    ),
    type: Type.Optional(NodeTypeSchema),
    region: Type.Optional(
      Type.String({ minLength: 1, maxLength: 8, description: 'A region code, or `none`' }),
    ),
    subscriptionId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'A subscription id, or `manual` for the nodes added by hand',
      }),
    ),
    sort: Type.Union(
      [
        Type.Literal('name'),
        Type.Literal('type'),
        Type.Literal('region'),
        Type.Literal('createTime'),
        Type.Literal('updateTime'),
      ],
      { default: 'createTime' },
    ),
    order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
  },
  { additionalProperties: false },
);
export type NodeQuery = Static<typeof NodeQuerySchema>;

/** One link or many, one per line. */
export const NodeLinksBodySchema = Type.Object(
  { links: Type.String({ minLength: 1, maxLength: PROXY_LINKS_TEXT_MAX }) },
  { additionalProperties: false },
);
export type NodeLinksBody = Static<typeof NodeLinksBodySchema>;

const LineErrorSchema = Type.Object(
  { line: Type.Integer(), link: Type.String(), error: Type.String() },
  { additionalProperties: false },
);
export type LineError = Static<typeof LineErrorSchema>;

/** What the pasted text holds, before anything is saved. */
export const NodePreviewSchema = Type.Object(
  {
    nodes: Type.Array(
      Type.Object(
        { line: Type.Integer(), ...nodeSummary, link: Type.String() },
        { additionalProperties: false },
      ),
    ),
    errors: Type.Array(LineErrorSchema),
  },
  { additionalProperties: false },
);
export type NodePreview = Static<typeof NodePreviewSchema>;

/** What was saved: every line that parsed; the lines that did not, with why. */
export const NodeCreatedSchema = Type.Object(
  { nodes: Type.Array(NodeSchema), errors: Type.Array(LineErrorSchema) },
  { additionalProperties: false },
);
export type NodeCreated = Static<typeof NodeCreatedSchema>;

/** The edit form: the node's fields by type (node-form.ts lists which); its type stays. */
export const NodeUpdateBodySchema = Type.Object(
  {
    name: Type.String({ maxLength: PROXY_NAME_MAX }),
    server: Type.String({ minLength: 1, maxLength: 255 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    ports: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
    credentials: Fields,
    transport: Fields,
    tls: Fields,
  },
  { additionalProperties: false },
);
export type NodeUpdateBody = Static<typeof NodeUpdateBodySchema>;
