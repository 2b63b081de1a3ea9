/** Reading a node's string fields as the client formats need them. */

/** A share link's boolean: `1` or `true`. */
export const isOn = (value: string | undefined): boolean => value === '1' || value === 'true';

/** A comma-separated field (`alpn=h2,http/1.1`, several hosts) as a list; empty when unset. */
export const csv = (value: string | undefined): string[] =>
  (value ?? '').split(',').filter(Boolean);
