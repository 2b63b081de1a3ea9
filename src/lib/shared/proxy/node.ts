/**
 * A proxy node as the proxy area stores it: what a share link says, in structured fields, so
 * that every output format (share links, Clash/mihomo, sing-box) can be made from it and a link
 * made from it says the same as the one it came from (share-link.ts).
 */

export const NODE_TYPES = [
  'vmess',
  'vless',
  'trojan',
  'ss',
  'hysteria2',
  'tuic',
  'socks5',
  'http',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** A parameter a link carried that no field names: kept, in order, and written back. */
export type ExtraParam = readonly [key: string, value: string];

export interface ProxyNode {
  readonly type: NodeType;
  /**
   * How the link was written, so the same form is written back: `json` or `url` for vmess,
   * `sip002` or `legacy` for ss, else the scheme (`hysteria2`/`hy2`, `socks5`/`socks`,
   * `http`/`https`, `vless`, `trojan`, `tuic`).
   */
  readonly form: string;
  readonly name: string;
  /** Host name or IP address (an IPv6 address without brackets). */
  readonly server: string;
  readonly port: number;
  /** More ports to hop between (hysteria2: `443,5000-6000`); null for one port. */
  readonly ports: string | null;
  /**
   * Who the client is, by type: `id` (vmess, vless, tuic), `password` (trojan, ss, hysteria2,
   * tuic), `username`/`password` (socks5, http), `method` (ss), `alterId` and `cipher` (vmess),
   * `encryption` and `flow` (vless), `obfs` and `obfsPassword` (hysteria2), and the like.
   */
  readonly credentials: Readonly<Record<string, string>>;
  /** The transport: `network` (tcp, ws, grpc, …) and its settings (`host`, `path`, …). */
  readonly transport: Readonly<Record<string, string>>;
  /** TLS: `security` (tls, reality, none), `sni`, `alpn`, `fp`, REALITY's `pbk`/`sid`/`spx`, … */
  readonly tls: Readonly<Record<string, string>>;
  readonly extra: readonly ExtraParam[];
}
