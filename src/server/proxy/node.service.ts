/**
 * Proxy nodes: pasted as share links (previewed first), edited by type, listed. A node synced
 * from a subscription that is edited by hand is detached from it (the next sync would otherwise
 * undo the edit), as the older site did.
 */
import type { Page } from '../../lib/shared/codes.ts';
import { PROXY_LINKS_MAX } from '../../lib/shared/limits.ts';
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { regionOf } from '../../lib/shared/proxy/region.ts';
import {
  LinkError,
  parseShareLink,
  parseShareLinks,
  shareLink,
} from '../../lib/shared/proxy/share-link.ts';
import { AppError } from '../common/app-error.ts';
import { page } from '../common/envelope.ts';
import { uuidV7 } from '../common/uuid-v7.ts';
import type { AppContext } from '../context.ts';
import {
  deleteNode,
  findNode,
  findNodePage,
  insertNodes,
  updateNode,
  type NodeRowWithSubscription,
} from './node.repo.ts';
import type {
  LineError,
  NodeCreated,
  NodeDto,
  NodePreview,
  NodeQuery,
  NodeUpdateBody,
} from './node.schema.ts';
import type { NewNodeRow, NodeRow } from './proxy.table.ts';

type NodeContext = Pick<AppContext, 'db' | 'now' | 'proxy'>;

const NOT_FOUND = '节点不存在 / No such node';

/** The fields of a node that have no column of their own, as the `data` column holds them. */
type NodeData = Pick<ProxyNode, 'form' | 'ports' | 'credentials' | 'transport' | 'tls' | 'extra'>;

export function nodeOf(row: NodeRow): ProxyNode {
  const data = JSON.parse(row.data) as NodeData;
  return { type: row.type, name: row.name, server: row.server, port: row.port, ...data };
}

/** The row of a node; `position` orders a subscription's nodes as the upstream did. */
export function nodeRow(
  node: ProxyNode,
  at: { id: string; subscriptionId: string | null; position: number; time: string },
): NewNodeRow {
  const { type, name, server, port, form, ports, credentials, transport, tls, extra } = node;
  const data: NodeData = { form, ports, credentials, transport, tls, extra };
  return {
    id: at.id,
    subscription_id: at.subscriptionId,
    position: at.position,
    name,
    type,
    server,
    port,
    region: regionOf(name)?.code ?? null,
    data: JSON.stringify(data),
    create_time: at.time,
    update_time: at.time,
  };
}

function toDto(row: NodeRowWithSubscription): NodeDto {
  const node = nodeOf(row);
  return {
    id: row.id,
    name: node.name,
    type: node.type,
    server: node.server,
    port: node.port,
    ports: node.ports,
    region: row.region,
    credentials: node.credentials,
    transport: node.transport,
    tls: node.tls,
    link: shareLink(node),
    subscription:
      row.subscription_id === null
        ? null
        : { id: row.subscription_id, name: row.subscription_name ?? '' },
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

export async function listNodes(ctx: NodeContext, query: NodeQuery): Promise<Page<NodeDto>> {
  const { rows, total } = await findNodePage(ctx.db.kysely, query);
  return page(rows.map(toDto), total, query.pageNum, query.pageSize);
}

export async function getNode(ctx: NodeContext, id: string): Promise<NodeDto> {
  const row = await findNode(ctx.db.kysely, id);
  if (!row) throw AppError.notFound(NOT_FOUND);
  return toDto(row);
}

function readLinks(text: string) {
  const lines = parseShareLinks(text);
  if (lines.length > PROXY_LINKS_MAX) {
    throw AppError.badRequest(
      `body.links: 一次最多 ${PROXY_LINKS_MAX} 条链接 / at most ${PROXY_LINKS_MAX} links at once`,
    );
  }
  const errors: LineError[] = [];
  const nodes: { line: number; node: ProxyNode }[] = [];
  for (const line of lines) {
    if (line.ok) nodes.push({ line: line.line, node: line.node });
    else errors.push({ line: line.line, link: line.link, error: line.error });
  }
  return { nodes, errors };
}

/** What the pasted text holds; nothing is saved. */
export function previewLinks(text: string): NodePreview {
  const { nodes, errors } = readLinks(text);
  return {
    nodes: nodes.map(({ line, node }) => ({
      line,
      name: node.name,
      type: node.type,
      server: node.server,
      port: node.port,
      region: regionOf(node.name)?.code ?? null,
      link: shareLink(node),
    })),
    errors,
  };
}

/** Saves every line that parsed, as nodes added by hand; says why the others did not. */
export async function createNodes(ctx: NodeContext, text: string): Promise<NodeCreated> {
  const { nodes, errors } = readLinks(text);
  const nowMs = ctx.now();
  const time = new Date(nowMs).toISOString();
  const rows = nodes.map(({ node }, position) =>
    nodeRow(node, { id: uuidV7(nowMs), subscriptionId: null, position, time }),
  );
  if (rows.length > 0) {
    await ctx.db.kysely.transaction().execute((trx) => insertNodes(trx, rows));
    await ctx.proxy.changed();
  }
  return {
    nodes: rows.map((row) => toDto({ ...(row as NodeRow), subscription_name: null })),
    errors,
  };
}

/** The edited node, checked by writing its share link and reading it back. */
function editedNode(current: ProxyNode, body: NodeUpdateBody): ProxyNode {
  // An empty `ports` is none (the body's coercion can make an empty string of a null).
  const edited: ProxyNode = {
    ...current,
    ...body,
    name: body.name.trim(),
    ports: body.ports?.trim() || null,
  };
  try {
    return { ...parseShareLink(shareLink(edited)), name: edited.name };
  } catch (error) {
    if (error instanceof LinkError) throw AppError.badRequest(`body: ${error.message}`);
    throw error;
  }
}

/** Saves the form; a synced node is detached from its subscription. */
export async function editNode(
  ctx: NodeContext,
  id: string,
  body: NodeUpdateBody,
): Promise<NodeDto> {
  const time = new Date(ctx.now()).toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findNode(trx, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    const node = editedNode(nodeOf(row), body);
    const { data, name, server, port, region } = nodeRow(node, {
      id,
      subscriptionId: null,
      position: row.position,
      time,
    });
    await updateNode(trx, id, {
      subscription_id: null,
      name,
      server,
      port,
      region,
      data,
      update_time: time,
    });
  });
  await ctx.proxy.changed();
  return getNode(ctx, id);
}

export async function removeNode(ctx: NodeContext, id: string): Promise<void> {
  if (!(await deleteNode(ctx.db.kysely, id))) throw AppError.notFound(NOT_FOUND);
  await ctx.proxy.changed();
}
