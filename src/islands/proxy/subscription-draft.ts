/** What the subscription form holds, what is wrong with it, and the body it sends. */
import type { SubscriptionBody, SubscriptionDto } from '@/lib/api/proxy.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import {
  PROXY_INTERVAL_HOURS_DEFAULT,
  PROXY_INTERVAL_HOURS_MAX,
  PROXY_INTERVAL_HOURS_MIN,
  isPattern,
} from '@/lib/shared/limits.ts';

export interface SubscriptionDraft {
  name: string;
  url: string;
  intervalHours: string;
  prefix: string;
  include: string;
  exclude: string;
}

export type DraftField = keyof SubscriptionDraft;

export function subscriptionDraftOf(sub: SubscriptionDto | null): SubscriptionDraft {
  return {
    name: sub?.name ?? '',
    url: sub?.url ?? '',
    intervalHours: String(sub?.intervalHours ?? PROXY_INTERVAL_HOURS_DEFAULT),
    prefix: sub?.prefix ?? '',
    include: sub?.include ?? '',
    exclude: sub?.exclude ?? '',
  };
}

/** Whole hours in the allowed range, else null. */
export function hoursOf(text: string): number | null {
  const hours = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return hours >= PROXY_INTERVAL_HOURS_MIN && hours <= PROXY_INTERVAL_HOURS_MAX ? hours : null;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What is wrong, field by field, in the form's order (the first is focused). */
export function subscriptionProblems(
  draft: SubscriptionDraft,
): Partial<Record<DraftField, MessageKey>> {
  const problems: Partial<Record<DraftField, MessageKey>> = {};
  if (draft.name.trim() === '') problems.name = 'proxy.form.required';
  if (draft.url.trim() === '') problems.url = 'proxy.form.required';
  else if (!isHttpUrl(draft.url)) problems.url = 'proxy.sub.urlInvalid';
  if (hoursOf(draft.intervalHours) === null) problems.intervalHours = 'proxy.sub.intervalInvalid';
  if (!isPattern(draft.include)) problems.include = 'proxy.pattern.invalid';
  if (!isPattern(draft.exclude)) problems.exclude = 'proxy.pattern.invalid';
  return problems;
}

export function subscriptionBodyOf(draft: SubscriptionDraft): SubscriptionBody {
  return {
    name: draft.name.trim(),
    url: draft.url.trim(),
    intervalHours: hoursOf(draft.intervalHours) ?? PROXY_INTERVAL_HOURS_DEFAULT,
    prefix: draft.prefix,
    include: draft.include,
    exclude: draft.exclude,
  };
}
