/**
 * What the token form holds, what is wrong with it, and the body it sends. The expiry is chosen
 * explicitly (a date, or never): a new token has neither until the owner picks one. A date means
 * the end of that day in the browser's time zone.
 */
import type { TokenBody, TokenDto, TokenScope } from '@/lib/api/proxy.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { PROXY_DAILY_LIMIT_MAX, isPattern } from '@/lib/shared/limits.ts';
import type { NodeType } from '@/lib/shared/proxy/node.ts';

export type ScopeMode = TokenScope['mode'];

export interface TokenDraft {
  name: string;
  scope: ScopeMode;
  subscriptionIds: string[];
  nodeIds: string[];
  include: string;
  exclude: string;
  types: NodeType[];
  /** '' until chosen. */
  expiry: '' | 'date' | 'never';
  /** YYYY-MM-DD, in the browser's time zone. */
  expireDate: string;
  limited: boolean;
  dailyLimit: string;
  notes: string;
}

export type TokenField = 'name' | 'scope' | 'include' | 'exclude' | 'expiry' | 'dailyLimit';

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as YYYY-MM-DD. */
export function dateText(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local date of an ISO time ('' when unreadable). */
export function localDateOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateText(date);
}

/** The end of a local day (YYYY-MM-DD) as an ISO time; null when it is no date. */
export function endOfDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day, 23, 59, 59, 999);
  return date.getMonth() === month - 1 && date.getDate() === day ? date.toISOString() : null;
}

/** The quick picks of the expiry date: in 7 days, in 30 days, the same day next month. */
export const EXPIRY_PICKS = ['days7', 'days30', 'nextMonth'] as const;
export type ExpiryPick = (typeof EXPIRY_PICKS)[number];

export function pickedDate(pick: ExpiryPick, now: Date): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (pick === 'days7') date.setDate(date.getDate() + 7);
  else if (pick === 'days30') date.setDate(date.getDate() + 30);
  else {
    const day = date.getDate();
    date.setDate(1);
    date.setMonth(date.getMonth() + 1);
    // The 31st of a month without one is the month's last day.
    const last = new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
    date.setDate(Math.min(day, last));
  }
  return dateText(date);
}

/** Whether a token has a daily limit (none is null, or 0). */
export function hasLimit(token: TokenDto | null): boolean {
  return (token?.dailyLimit ?? 0) > 0;
}

export function tokenDraftOf(token: TokenDto | null): TokenDraft {
  const scope = token?.scope ?? { mode: 'all' };
  return {
    name: token?.name ?? '',
    scope: scope.mode,
    subscriptionIds: scope.mode === 'pick' ? [...scope.subscriptionIds] : [],
    nodeIds: scope.mode === 'pick' ? [...scope.nodeIds] : [],
    include: scope.mode === 'filter' ? scope.include : '',
    exclude: scope.mode === 'filter' ? scope.exclude : '',
    types: scope.mode === 'filter' ? [...scope.types] : [],
    expiry: token === null ? '' : token.expireTime === null ? 'never' : 'date',
    expireDate: token?.expireTime ? localDateOf(token.expireTime) : '',
    limited: hasLimit(token),
    dailyLimit: token && hasLimit(token) ? String(token.dailyLimit) : '',
    notes: token?.notes ?? '',
  };
}

/** A daily limit as typed, when it is a whole number in range; else null. */
export function limitOf(text: string): number | null {
  const n = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return n >= 1 && n <= PROXY_DAILY_LIMIT_MAX ? n : null;
}

/**
 * What is wrong, field by field. A date before today is refused, except the token's own date
 * left as it was (an expired token can have its notes edited).
 */
export function tokenProblems(
  draft: TokenDraft,
  now: Date,
  original: TokenDto | null,
): Partial<Record<TokenField, MessageKey>> {
  const problems: Partial<Record<TokenField, MessageKey>> = {};
  if (draft.name.trim() === '') problems.name = 'proxy.form.required';
  if (draft.scope === 'pick' && draft.subscriptionIds.length + draft.nodeIds.length === 0) {
    problems.scope = 'proxy.scope.pickEmpty';
  }
  if (draft.scope === 'filter') {
    if (!isPattern(draft.include)) problems.include = 'proxy.pattern.invalid';
    if (!isPattern(draft.exclude)) problems.exclude = 'proxy.pattern.invalid';
  }
  if (draft.expiry === '') problems.expiry = 'proxy.expiry.choose';
  else if (draft.expiry === 'date') {
    const kept = original?.expireTime && localDateOf(original.expireTime) === draft.expireDate;
    if (endOfDay(draft.expireDate) === null) problems.expiry = 'proxy.expiry.dateRequired';
    else if (!kept && draft.expireDate < dateText(now)) problems.expiry = 'proxy.expiry.past';
  }
  if (draft.limited && limitOf(draft.dailyLimit) === null)
    problems.dailyLimit = 'proxy.limit.invalid';
  return problems;
}

function scopeOf(draft: TokenDraft): TokenScope {
  if (draft.scope === 'pick') {
    return { mode: 'pick', subscriptionIds: draft.subscriptionIds, nodeIds: draft.nodeIds };
  }
  if (draft.scope === 'filter') {
    return { mode: 'filter', include: draft.include, exclude: draft.exclude, types: draft.types };
  }
  return { mode: 'all' };
}

/**
 * The body of a draft without problems; the token's own expiry time is kept when its date is.
 * No daily limit is sent as 0.
 */
export function tokenBodyOf(draft: TokenDraft, original: TokenDto | null): TokenBody {
  const keep =
    original?.expireTime && localDateOf(original.expireTime) === draft.expireDate
      ? original.expireTime
      : null;
  return {
    name: draft.name.trim(),
    scope: scopeOf(draft),
    expireTime: draft.expiry === 'date' ? (keep ?? endOfDay(draft.expireDate)) : null,
    dailyLimit: draft.limited ? (limitOf(draft.dailyLimit) ?? 0) : 0,
    notes: draft.notes,
  };
}
