/**
 * The client link (`/api/proxy/agg/<secret>`): the token's nodes in the format the client
 * wants — base64 share links, a mihomo config, a sing-box profile — or, for a browser, a page
 * with import links and QR codes. A wrong, expired or revoked secret gets the same answer as a
 * missing one, after the same work (one lookup by hash); every use of a real token is logged.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { encodePart } from '../../lib/shared/proxy/link-parts.ts';
import { hashToken } from '../auth/index.ts';
import { AppError } from '../common/app-error.ts';
import { uuidV7 } from '../common/uuid-v7.ts';
import type { AppContext } from '../context.ts';
import { detectClient, pickFormat } from './client-detect.ts';
import { linkPage } from './link-page.ts';
import { findAllNodes } from './node.repo.ts';
import { nodeOf } from './node.service.ts';
import { clashConfig } from './output-clash.ts';
import { uniqueNames } from './output-names.ts';
import { singBoxProfile } from './output-sing-box.ts';
import { v2rayText } from './output-v2ray.ts';
import type { Output } from './proxy.service.ts';
import type { NodeRow, TokenRow, UseOutcome } from './proxy.table.ts';
import type { Userinfo } from './subscription-fetch.ts';
import { findAllSubscriptions } from './subscription.repo.ts';
import { countUse, findTokenByHash } from './token.repo.ts';
import type { TokenScope } from './token.schema.ts';
import { dayOf, statusOf, tokenLink } from './token.service.ts';

type AggContext = Pick<AppContext, 'db' | 'now' | 'config' | 'proxy'>;

export type Format = 'v2ray' | 'clash' | 'sing-box' | 'page';

export interface LinkRequest {
  readonly secret: string;
  readonly target: string | undefined;
  readonly userAgent: string | undefined;
  readonly accept: string | undefined;
  readonly acceptLanguage: string | undefined;
  readonly ip: string;
}

/** The one answer for every secret that opens nothing. */
const NO_SUCH_LINK = '订阅链接无效 / No such subscription link';

/** How often clients are told to refresh when no subscription says (hours). */
const DEFAULT_INTERVAL_HOURS = 12;

/** Whether a node is in what the token exposes. */
function inScope(scope: TokenScope, row: NodeRow): boolean {
  if (scope.mode === 'all') return true;
  if (scope.mode === 'pick') {
    return (
      scope.nodeIds.includes(row.id) ||
      (row.subscription_id !== null && scope.subscriptionIds.includes(row.subscription_id))
    );
  }
  const include = scope.include ? new RegExp(scope.include, 'iu') : null;
  const exclude = scope.exclude ? new RegExp(scope.exclude, 'iu') : null;
  return (
    (scope.types.length === 0 || scope.types.includes(row.type)) &&
    (!include || include.test(row.name)) &&
    !exclude?.test(row.name)
  );
}

/** The upstreams' quota summed over the subscriptions the nodes come from (expiry: the soonest). */
function summedUserinfo(infos: readonly Userinfo[]): string | null {
  if (infos.length === 0) return null;
  const sum = (key: 'upload' | 'download' | 'total') =>
    infos.reduce((total, info) => total + (info[key] ?? 0), 0);
  const expiries = infos
    .map((info) => info.expire)
    .filter((e): e is number => e !== undefined && e > 0);
  const parts = [`upload=${sum('upload')}`, `download=${sum('download')}`, `total=${sum('total')}`];
  if (expiries.length > 0) parts.push(`expire=${Math.min(...expiries)}`);
  return parts.join('; ');
}

const FILES: Record<Exclude<Format, 'page'>, { type: string; ext: string }> = {
  v2ray: { type: 'text/plain; charset=utf-8', ext: 'txt' },
  clash: { type: 'text/yaml; charset=utf-8', ext: 'yaml' },
  'sing-box': { type: 'application/json; charset=utf-8', ext: 'json' },
};

function bodyOf(format: Exclude<Format, 'page'>, nodes: ProxyNode[], title: string): string {
  if (format === 'v2ray') return v2rayText(nodes);
  if (format === 'clash') return clashConfig(nodes, { title }).text;
  return singBoxProfile(nodes, { title }).text;
}

async function makeOutput(
  ctx: AggContext,
  token: TokenRow,
  format: Format,
  request: LinkRequest,
  lang: 'zh-CN' | 'en',
): Promise<Output> {
  if (format === 'page') {
    const html = await linkPage({ title: token.name, url: tokenLink(ctx, request.secret), lang });
    return {
      body: Buffer.from(html),
      gzipped: null,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    };
  }
  const scope = JSON.parse(token.scope) as TokenScope;
  const rows = (await findAllNodes(ctx.db.kysely)).filter((row) => inScope(scope, row));
  const used = new Set(rows.map((row) => row.subscription_id));
  const subscriptions = (await findAllSubscriptions(ctx.db.kysely)).filter((s) => used.has(s.id));
  const userinfo = summedUserinfo(
    subscriptions.flatMap((s) => (s.userinfo ? [JSON.parse(s.userinfo) as Userinfo] : [])),
  );
  const interval = Math.min(DEFAULT_INTERVAL_HOURS, ...subscriptions.map((s) => s.interval_hours));
  const file = FILES[format];
  const body = Buffer.from(bodyOf(format, uniqueNames(rows.map(nodeOf)), token.name));
  return {
    body,
    gzipped: await gzipped(body),
    headers: {
      'content-type': file.type,
      'profile-update-interval': String(interval),
      'profile-title': `base64:${encodeBase64(token.name)}`,
      'content-disposition': `attachment; filename*=UTF-8''${encodePart(token.name)}.${file.ext}`,
      ...(userinfo ? { 'subscription-userinfo': userinfo } : {}),
    },
  };
}

/** Config files shrink to a fifth or less; a client that accepts gzip gets that. */
const gzipped = promisify(gzip);

/** Buffers the log row of a use (use-log.ts); `counted`: the daily limit counted it already. */
function logUse(
  ctx: AggContext,
  token: TokenRow,
  request: LinkRequest,
  use: { format: Format; bytes: number; outcome: UseOutcome; counted: boolean },
): void {
  const nowMs = ctx.now();
  ctx.proxy.uses.add(
    {
      id: uuidV7(nowMs),
      token_id: token.id,
      time: new Date(nowMs).toISOString(),
      ip: request.ip,
      user_agent: (request.userAgent ?? '').slice(0, 500),
      client: detectClient(request.userAgent).client,
      format: use.format,
      bytes: use.bytes,
      outcome: use.outcome,
    },
    dayOf(nowMs),
    use.counted,
  );
}

/** Answers the client link, or throws the error the route sends. */
export async function serveLink(ctx: AggContext, request: LinkRequest): Promise<Output> {
  const format = pickFormat(request.target, request.userAgent, request.accept);
  const hash = hashToken(request.secret);
  const nowMs = ctx.now();
  const token = await ctx.proxy.token(
    hash,
    () => findTokenByHash(ctx.db.kysely, hash),
    (row) => statusOf(row, nowMs) === 'active',
  );
  if (!token) throw AppError.notFound(NO_SUCH_LINK);
  const status = statusOf(token, nowMs);
  if (status !== 'active') {
    logUse(ctx, token, request, { format, bytes: 0, outcome: status, counted: false });
    throw AppError.notFound(NO_SUCH_LINK);
  }
  const limited = token.daily_limit !== null;
  if (
    limited &&
    !(await countUse(ctx.db.kysely, token.id, dayOf(nowMs), new Date(nowMs).toISOString()))
  ) {
    logUse(ctx, token, request, { format, bytes: 0, outcome: 'limited', counted: true });
    throw AppError.refused(
      '今日请求次数已用完 / This link has reached its daily limit; try again tomorrow',
      429,
    );
  }
  const lang = /^zh/i.test(request.acceptLanguage ?? '') ? 'zh-CN' : 'en';
  const output = await ctx.proxy.output(
    `${token.id}:${format}${format === 'page' ? `:${lang}` : ''}`,
    () => makeOutput(ctx, token, format, request, lang),
  );
  logUse(ctx, token, request, {
    format,
    bytes: output.body.length,
    outcome: 'ok',
    counted: limited,
  });
  return output;
}
