/** What the client formats share: reading a node's string fields, and their result type. */
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';

/** A node in a client's format, or why that format cannot say it (never a guess). */
export type Converted<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** A share link's boolean: `1` or `true`. */
export const isOn = (value: string | undefined): boolean => value === '1' || value === 'true';

/** A comma-separated field (`alpn=h2,http/1.1`, several hosts) as a list; empty when unset. */
export const csv = (value: string | undefined): string[] =>
  (value ?? '').split(',').filter(Boolean);

/** vmess's alterId as a number (0 when unset or not a number). */
export const alterIdOf = (node: ProxyNode): number => Number(node.credentials.alterId ?? 0) || 0;

/** The entries whose value is set: not undefined, not an empty string, not an empty list. */
export function defined<T>(entries: Readonly<Record<string, T | undefined>>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(entries).filter(
      (entry): entry is [string, T] =>
        entry[1] !== undefined &&
        entry[1] !== '' &&
        !(Array.isArray(entry[1]) && entry[1].length === 0),
    ),
  );
}
