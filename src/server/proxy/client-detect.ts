/**
 * Which client fetches a subscription link, from its User-Agent, and so which format it gets:
 * share links in base64 (`v2ray`), a mihomo config (`clash`) or a sing-box profile.
 */

export type OutputFormat = 'v2ray' | 'clash' | 'sing-box';

/**
 * Known clients, the first match winning. Some name others to say what they read (Hiddify:
 * `like ClashMeta v2ray sing-box`; NekoBox: `Prefer ClashMeta Format`), so they come first.
 */
const CLIENTS: readonly (readonly [pattern: RegExp, client: string, format: OutputFormat])[] = [
  [/hiddify/i, 'Hiddify', 'sing-box'],
  [/nekobox|nekoray/i, 'NekoBox', 'v2ray'],
  [/^SF[AIMT]\//, 'sing-box', 'sing-box'],
  [/sing-box/i, 'sing-box', 'sing-box'],
  [/\bstash\//i, 'Stash', 'clash'],
  [/flclash/i, 'FlClash', 'clash'],
  [/clash-verge/i, 'Clash Verge', 'clash'],
  [/clash-nyanpasu/i, 'Clash Nyanpasu', 'clash'],
  [/mihomo\.party/i, 'mihomo party', 'clash'],
  [/clashx/i, 'ClashX', 'clash'],
  [/clashmetaforandroid/i, 'Clash Meta for Android', 'clash'],
  [/mihomo/i, 'mihomo', 'clash'],
  [/clash\.meta|clashmeta/i, 'Clash.Meta', 'clash'],
  [/clash/i, 'Clash', 'clash'],
  [/v2rayng/i, 'v2rayNG', 'v2ray'],
  [/v2rayn/i, 'v2rayN', 'v2ray'],
  [/v2raya/i, 'v2rayA', 'v2ray'],
  [/v2raytun/i, 'v2RayTun', 'v2ray'],
  [/shadowrocket/i, 'Shadowrocket', 'v2ray'],
  [/quantumult/i, 'Quantumult', 'v2ray'],
  [/streisand/i, 'Streisand', 'v2ray'],
  [/v2box/i, 'V2Box', 'v2ray'],
  [/\bhapp\//i, 'Happ', 'v2ray'],
  [/foxray/i, 'FoXray', 'v2ray'],
];

export function detectClient(userAgent: string | undefined): {
  client: string | null;
  format: OutputFormat | null;
} {
  const match = CLIENTS.find(([pattern]) => pattern.test(userAgent ?? ''));
  return match ? { client: match[1], format: match[2] } : { client: null, format: null };
}

/** A browser asking for a page: a `Mozilla/` agent that accepts HTML and is no known client. */
export function isBrowser(userAgent: string | undefined, accept: string | undefined): boolean {
  return (
    (userAgent ?? '').startsWith('Mozilla/') &&
    (accept ?? '').includes('text/html') &&
    detectClient(userAgent).client === null
  );
}

/** The `target=` values a link takes, and the format each names (the link's schema lists them). */
export const TARGET_FORMATS = {
  v2ray: 'v2ray',
  base64: 'v2ray',
  clash: 'clash',
  mihomo: 'clash',
  'sing-box': 'sing-box',
  singbox: 'sing-box',
} as const satisfies Record<string, OutputFormat>;
export type Target = keyof typeof TARGET_FORMATS;

const TARGETS: ReadonlyMap<string, OutputFormat> = new Map(Object.entries(TARGET_FORMATS));

/**
 * What to answer: the `target` the link asks for (an unknown one is ignored), else the client's
 * format, else the page for a browser, else share links, which most clients read.
 */
export function pickFormat(
  target: string | undefined,
  userAgent: string | undefined,
  accept: string | undefined,
): OutputFormat | 'page' {
  const asked = TARGETS.get((target ?? '').trim().toLowerCase());
  if (asked !== undefined) return asked;
  const { format } = detectClient(userAgent);
  if (format !== null) return format;
  return isBrowser(userAgent, accept) ? 'page' : 'v2ray';
}
