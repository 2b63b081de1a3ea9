/**
 * Client-link tokens: a secret of 256 random bits, shown once (at creation and rotation) and
 * stored only as its SHA-256; a scope, an explicit expiry (a time or never), an optional daily
 * limit; revoked or rotated by the admin; every use logged (agg.service.ts).
 */
import type { Page } from '../../lib/shared/codes.ts';
import { isPattern } from '../../lib/shared/limits.ts';
import { hashToken, newToken } from '../auth/index.ts';
import { AppError } from '../common/app-error.ts';
import { page } from '../common/envelope.ts';
import { uuidV7 } from '../common/uuid-v7.ts';
import type { AppContext } from '../context.ts';
import type { TokenRow } from './proxy.table.ts';
import {
  deleteToken,
  findToken,
  findTokenPage,
  findUsePage,
  insertToken,
  updateToken,
} from './token.repo.ts';
import type {
  TokenBody,
  TokenDto,
  TokenQuery,
  TokenScope,
  TokenSecret,
  TokenUse,
  TokenUseQuery,
} from './token.schema.ts';

type TokenContext = Pick<AppContext, 'db' | 'now' | 'config' | 'proxy'>;

const NOT_FOUND = '令牌不存在 / No such token';

/** The day a use counts against the daily limit on (UTC). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function statusOf(row: TokenRow, nowMs: number): TokenDto['status'] {
  if (row.revoked_time !== null) return 'revoked';
  if (row.expire_time !== null && Date.parse(row.expire_time) <= nowMs) return 'expired';
  return 'active';
}

function toDto(row: TokenRow, nowMs: number): TokenDto {
  return {
    id: row.id,
    name: row.name,
    scope: JSON.parse(row.scope) as TokenScope,
    expireTime: row.expire_time,
    dailyLimit: row.daily_limit,
    notes: row.notes,
    status: statusOf(row, nowMs),
    usesToday: row.uses_day === dayOf(nowMs) ? row.uses_today : 0,
    lastUseTime: row.last_use_time,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

/** The client link of a secret (the secret is base64url: safe in a path as it is). */
export function tokenLink(ctx: Pick<AppContext, 'config'>, secret: string): string {
  return `${ctx.config.siteUrl}/api/proxy/agg/${secret}`;
}

function checked(body: TokenBody, nowMs: number) {
  if (body.scope.mode === 'filter') {
    for (const key of ['include', 'exclude'] as const) {
      if (!isPattern(body.scope[key])) {
        throw AppError.badRequest(
          `body.scope.${key}: 不是有效的正则表达式 / not a valid regular expression`,
        );
      }
    }
  }
  if (body.expireTime !== null && Date.parse(body.expireTime) <= nowMs) {
    throw AppError.badRequest(
      'body.expireTime: 过期时间须在将来 / the expiry must be in the future',
    );
  }
  return {
    name: body.name.trim(),
    scope: JSON.stringify(body.scope),
    expire_time: body.expireTime === null ? null : new Date(body.expireTime).toISOString(),
    daily_limit: body.dailyLimit === 0 ? null : body.dailyLimit,
    notes: body.notes,
  };
}

export async function listTokens(ctx: TokenContext, query: TokenQuery): Promise<Page<TokenDto>> {
  // This instance's buffered uses first, so the counts include the requests just answered.
  await ctx.proxy.uses.flush();
  const nowMs = ctx.now();
  const { rows, total } = await findTokenPage(ctx.db.kysely, query, new Date(nowMs).toISOString());
  return page(
    rows.map((row) => toDto(row, nowMs)),
    total,
    query.pageNum,
    query.pageSize,
  );
}

async function existingToken(ctx: TokenContext, id: string): Promise<TokenRow> {
  const row = await findToken(ctx.db.kysely, id);
  if (!row) throw AppError.notFound(NOT_FOUND);
  return row;
}

export async function getToken(ctx: TokenContext, id: string): Promise<TokenDto> {
  await ctx.proxy.uses.flush();
  return toDto(await existingToken(ctx, id), ctx.now());
}

export async function createToken(ctx: TokenContext, body: TokenBody): Promise<TokenSecret> {
  const nowMs = ctx.now();
  const time = new Date(nowMs).toISOString();
  const secret = newToken();
  const id = uuidV7(nowMs);
  await insertToken(ctx.db.kysely, {
    id,
    ...checked(body, nowMs),
    secret_hash: hashToken(secret),
    revoked_time: null,
    uses_day: null,
    uses_today: 0,
    last_use_time: null,
    create_time: time,
    update_time: time,
  });
  return { token: await getToken(ctx, id), secret, link: tokenLink(ctx, secret) };
}

export async function editToken(ctx: TokenContext, id: string, body: TokenBody): Promise<TokenDto> {
  const nowMs = ctx.now();
  const values = checked(body, nowMs);
  if (
    !(await updateToken(ctx.db.kysely, id, {
      ...values,
      update_time: new Date(nowMs).toISOString(),
    }))
  ) {
    throw AppError.notFound(NOT_FOUND);
  }
  await ctx.proxy.changed();
  return getToken(ctx, id);
}

/** A new secret for the token; the old link stops working at once. A revoked token stays so. */
export async function rotateToken(ctx: TokenContext, id: string): Promise<TokenSecret> {
  const secret = newToken();
  const time = new Date(ctx.now()).toISOString();
  const done = await updateToken(ctx.db.kysely, id, {
    secret_hash: hashToken(secret),
    update_time: time,
  });
  if (!done) throw AppError.notFound(NOT_FOUND);
  await ctx.proxy.changed();
  return { token: await getToken(ctx, id), secret, link: tokenLink(ctx, secret) };
}

export async function revokeToken(ctx: TokenContext, id: string): Promise<TokenDto> {
  const row = await existingToken(ctx, id);
  if (row.revoked_time === null) {
    const time = new Date(ctx.now()).toISOString();
    await updateToken(ctx.db.kysely, id, { revoked_time: time, update_time: time });
    await ctx.proxy.changed();
  }
  return getToken(ctx, id);
}

export async function removeToken(ctx: TokenContext, id: string): Promise<void> {
  if (!(await deleteToken(ctx.db.kysely, id))) throw AppError.notFound(NOT_FOUND);
  await ctx.proxy.changed();
}

export async function listTokenUses(
  ctx: TokenContext,
  id: string,
  query: TokenUseQuery,
): Promise<Page<TokenUse>> {
  await existingToken(ctx, id);
  await ctx.proxy.uses.flush();
  const { rows, total } = await findUsePage(
    ctx.db.kysely,
    id,
    query.pageSize,
    (query.pageNum - 1) * query.pageSize,
  );
  return page(
    rows.map((row) => ({
      id: row.id,
      time: row.time,
      ip: row.ip,
      userAgent: row.user_agent,
      client: row.client,
      format: row.format,
      bytes: row.bytes,
      outcome: row.outcome,
    })),
    total,
    query.pageNum,
    query.pageSize,
  );
}
