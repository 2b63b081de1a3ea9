/** Formatting for the proxy pages: byte counts, the provider's quota, regions by code. */
import type { Userinfo } from '@/lib/api/proxy.ts';
import { REGIONS, type Region } from '@/lib/shared/proxy/region.ts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** `1536` → `1.5 KB` (powers of 1024, as providers count), in the visitor's number format. */
export function formatBytes(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** What a provider's `subscription-userinfo` says: bytes used (up + down), the total, expiry. */
export interface Quota {
  used: number | null;
  total: number | null;
  /** ISO time, or null when the provider gives none (or 0: no expiry). */
  expire: string | null;
}

export function quotaOf(userinfo: Userinfo | null): Quota | null {
  if (!userinfo) return null;
  const { upload, download, total, expire } = userinfo;
  const used =
    upload === undefined && download === undefined ? null : (upload ?? 0) + (download ?? 0);
  const quota: Quota = {
    used,
    total: total === undefined || total <= 0 ? null : total,
    expire: expire === undefined || expire <= 0 ? null : new Date(expire * 1000).toISOString(),
  };
  return quota.used === null && quota.total === null && quota.expire === null ? null : quota;
}

/** The share of the quota used, from 0 to 1; null when either side is unknown. */
export function usedShare(quota: Quota): number | null {
  if (quota.used === null || quota.total === null) return null;
  return Math.min(1, Math.max(0, quota.used / quota.total));
}

export function regionByCode(code: string | null): Region | null {
  return code === null ? null : (REGIONS.find((r) => r.code === code) ?? null);
}

/** A region's name in the visitor's language (for places that take a string: options, labels). */
export function regionName(region: Region, locale: string): string {
  return locale === 'en' ? region.en : region.zh;
}

/** `host:port`, with an IPv6 address in brackets. */
export function serverPort(server: string, port: number): string {
  return `${server.includes(':') ? `[${server}]` : server}:${port}`;
}

/** The client formats a token's link serves (`?target=`; none: base64 share links). */
export const CLIENT_TARGETS = ['', 'clash', 'sing-box'] as const;
export type ClientTarget = (typeof CLIENT_TARGETS)[number];

/** A token's link for one client format. */
export function clientLink(link: string, target: ClientTarget): string {
  if (target === '') return link;
  return `${link}${link.includes('?') ? '&' : '?'}target=${target}`;
}
