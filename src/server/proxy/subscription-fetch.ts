/**
 * One fetch of an upstream subscription: through the guarded fetch (no private addresses unless
 * the setting allows them, a time and a size limit), conditional on what the last fetch saw
 * (`If-None-Match`, `If-Modified-Since`), read into nodes in whichever format it came, with the
 * provider's `subscription-userinfo` (traffic used and left, expiry).
 */
import { FetchRefused, guardedFetch } from '../common/guarded-fetch.ts';
import { readSubscription, type ReadContent } from './subscription-content.ts';

/** What a subscription is fetched with by default: 15 s and 5 MB are far above real answers. */
export const SUBSCRIPTION_LIMITS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 } as const;

/** mihomo's User-Agent: providers then answer a full config, which carries every field. */
const USER_AGENT = 'clash.meta';

export interface Validators {
  readonly etag: string | null;
  readonly lastModified: string | null;
}

/** The provider's account: bytes uploaded, downloaded and allowed; expiry in Unix seconds. */
export interface Userinfo {
  readonly upload?: number;
  readonly download?: number;
  readonly total?: number;
  readonly expire?: number;
}

export type Fetched =
  | { readonly changed: false }
  | {
      readonly changed: true;
      readonly content: ReadContent;
      readonly validators: Validators;
      readonly userinfo: Userinfo | null;
    };

/** `upload=1; download=2; total=3; expire=4` → its numbers; null when none is there. */
export function parseUserinfo(header: string | undefined): Userinfo | null {
  if (!header) return null;
  const out: Record<string, number> = {};
  for (const part of header.split(';')) {
    const [key = '', value = ''] = part.split('=').map((s) => s.trim());
    const n = Number(value);
    if (
      ['upload', 'download', 'total', 'expire'].includes(key) &&
      value !== '' &&
      Number.isFinite(n)
    ) {
      out[key] = n;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function fetchSubscription(
  url: string,
  previous: Validators,
  options: {
    readonly allowPrivate: boolean;
    readonly timeoutMs?: number;
    readonly maxBytes?: number;
  },
): Promise<Fetched> {
  const response = await guardedFetch(url, {
    timeoutMs: options.timeoutMs ?? SUBSCRIPTION_LIMITS.timeoutMs,
    maxBytes: options.maxBytes ?? SUBSCRIPTION_LIMITS.maxBytes,
    allowPrivate: options.allowPrivate,
    headers: {
      'user-agent': USER_AGENT,
      ...(previous.etag ? { 'if-none-match': previous.etag } : {}),
      ...(previous.lastModified ? { 'if-modified-since': previous.lastModified } : {}),
    },
  });
  if (response.status === 304) return { changed: false };
  if (response.status < 200 || response.status > 299) {
    throw new FetchRefused(
      `上游返回 ${response.status} / the upstream answered ${response.status}`,
    );
  }
  return {
    changed: true,
    content: readSubscription(response.body.toString('utf8')),
    validators: {
      etag: one(response.headers.etag) ?? null,
      lastModified: one(response.headers['last-modified']) ?? null,
    },
    userinfo: parseUserinfo(one(response.headers['subscription-userinfo'])),
  };
}
