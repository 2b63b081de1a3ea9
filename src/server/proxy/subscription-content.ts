/**
 * What an upstream subscription answers, read as nodes: base64 of share links (v2rayN's format),
 * share links one per line, a Clash/mihomo config (`proxies:`), or a sing-box profile
 * (`outbounds`). Entries that cannot be read are reported with their reason, never dropped
 * silently; entries that are not proxies (selectors, `direct`, `block`) are skipped.
 */
import { parse as parseYaml } from 'yaml';
import { decodeBase64 } from '../../lib/shared/proxy/base64.ts';
import type { NodeType, ProxyNode } from '../../lib/shared/proxy/node.ts';
import { LinkError, parseShareLinks } from '../../lib/shared/proxy/share-link.ts';
import { defined } from './node-fields.ts';

export type ContentFormat = 'base64' | 'links' | 'clash' | 'sing-box';

export interface ReadContent {
  readonly format: ContentFormat;
  readonly nodes: ProxyNode[];
  /** Entries that look like proxies but could not be read: where, and why. */
  readonly problems: { readonly entry: string; readonly error: string }[];
}

type Json = Record<string, unknown>;

const str = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);
const flag = (value: unknown): string | undefined => (value === true ? '1' : undefined);
const joined = (value: unknown): string | undefined =>
  Array.isArray(value) ? str(value.map(String).join(',')) : str(value);
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

function port(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new LinkError(
      `端口无效 / the port must be a number from 1 to 65535 (found ${String(value)})`,
    );
  }
  return n;
}

function node(
  type: NodeType,
  form: string,
  entry: Json,
  server: unknown,
  serverPort: unknown,
  parts: Pick<ProxyNode, 'credentials' | 'transport' | 'tls'> & { ports?: string | null },
): ProxyNode {
  const host = str(server);
  if (host === undefined) throw new LinkError('缺少服务器地址 / the server address is missing');
  return {
    type,
    form,
    name: str(entry.name ?? entry.tag) ?? '',
    server: host,
    port: port(serverPort),
    ports: parts.ports ?? null,
    credentials: parts.credentials,
    transport: parts.transport,
    tls: parts.tls,
    extra: [],
  };
}

// ---- Clash / mihomo ----

function clashTransport(p: Json): Record<string, string> {
  const network = str(p.network);
  const ws = record(p['ws-opts']);
  const h2 = record(p['h2-opts']);
  const http = record(p['http-opts']);
  const grpc = record(p['grpc-opts']);
  switch (network) {
    case 'ws': {
      const ed = str(ws['max-early-data']);
      const path = str(ws.path);
      return defined({
        network: ws['v2ray-http-upgrade'] === true ? 'httpupgrade' : 'ws',
        path: ed === undefined ? path : `${path ?? '/'}?ed=${ed}`,
        host: str(record(ws.headers).Host),
      });
    }
    case 'grpc':
      return defined({ network: 'grpc', serviceName: str(grpc['grpc-service-name']) });
    case 'h2':
      return defined({ network: 'h2', host: joined(h2.host), path: str(h2.path) });
    case 'http':
      return defined({
        network: 'tcp',
        headerType: 'http',
        path: joined(http.path),
        host: joined(record(http.headers).Host),
      });
    default:
      return network === undefined || network === 'tcp' ? {} : { network };
  }
}

function clashTls(p: Json, sniKey: 'servername' | 'sni'): Record<string, string> {
  const reality = record(p['reality-opts']);
  const isReality = Object.keys(reality).length > 0;
  return defined({
    security: isReality ? 'reality' : p.tls === true || sniKey === 'sni' ? 'tls' : undefined,
    sni: str(p[sniKey]),
    alpn: joined(p.alpn),
    fp: str(p['client-fingerprint']),
    insecure: flag(p['skip-cert-verify']),
    pbk: str(reality['public-key']),
    sid: str(reality['short-id']),
  });
}

function fromClash(p: Json): ProxyNode | null {
  const type = str(p.type);
  switch (type) {
    case 'vmess':
      return node('vmess', 'url', p, p.server, p.port, {
        credentials: defined({ id: str(p.uuid), alterId: str(p.alterId), cipher: str(p.cipher) }),
        transport: clashTransport(p),
        tls: clashTls(p, 'servername'),
      });
    case 'vless':
      return node('vless', 'vless', p, p.server, p.port, {
        credentials: defined({ id: str(p.uuid), flow: str(p.flow) }),
        transport: clashTransport(p),
        tls: clashTls(p, 'servername'),
      });
    case 'trojan':
      return node('trojan', 'trojan', p, p.server, p.port, {
        credentials: defined({ password: str(p.password) }),
        transport: clashTransport(p),
        tls: clashTls(p, 'sni'),
      });
    case 'ss': {
      const opts = record(p['plugin-opts']);
      const plugin =
        p.plugin === 'obfs'
          ? `obfs-local;obfs=${str(opts.mode) ?? 'http'}${opts.host ? `;obfs-host=${String(opts.host)}` : ''}`
          : p.plugin === 'v2ray-plugin'
            ? ['v2ray-plugin', `mode=${str(opts.mode) ?? 'websocket'}`]
                .concat(opts.host ? [`host=${String(opts.host)}`] : [])
                .concat(opts.path ? [`path=${String(opts.path)}`] : [])
                .concat(opts.tls === true ? ['tls'] : [])
                .join(';')
            : undefined;
      return node('ss', 'sip002', p, p.server, p.port, {
        credentials: defined({ method: str(p.cipher), password: str(p.password) }),
        transport: defined({ plugin }),
        tls: {},
      });
    }
    case 'hysteria2':
      return node('hysteria2', 'hysteria2', p, p.server, p.port, {
        ports: str(p.ports) ?? null,
        credentials: defined({
          password: str(p.password),
          obfs: str(p.obfs),
          obfsPassword: str(p['obfs-password']),
        }),
        transport: {},
        tls: defined({
          sni: str(p.sni),
          alpn: joined(p.alpn),
          insecure: flag(p['skip-cert-verify']),
        }),
      });
    case 'tuic':
      return node('tuic', 'tuic', p, p.server, p.port, {
        credentials: defined({ id: str(p.uuid), password: str(p.password) }),
        transport: defined({
          congestionControl: str(p['congestion-controller']),
          udpRelayMode: str(p['udp-relay-mode']),
          reduceRtt: flag(p['reduce-rtt']),
        }),
        tls: defined({
          sni: str(p.sni),
          alpn: joined(p.alpn),
          insecure: flag(p['skip-cert-verify']),
          disableSni: flag(p['disable-sni']),
        }),
      });
    case 'socks5':
    case 'http':
      return node(type, type === 'http' && p.tls === true ? 'https' : type, p, p.server, p.port, {
        credentials: defined({ username: str(p.username), password: str(p.password) }),
        transport: {},
        tls: {},
      });
    default:
      return null;
  }
}

// ---- sing-box ----

function singBoxTransport(o: Json): Record<string, string> {
  const t = record(o.transport);
  switch (str(t.type)) {
    case 'ws': {
      const ed = str(t.max_early_data);
      const path = str(t.path);
      return defined({
        network: 'ws',
        path: ed === undefined ? path : `${path ?? '/'}?ed=${ed}`,
        host: str(record(t.headers).Host),
      });
    }
    case 'grpc':
      return defined({ network: 'grpc', serviceName: str(t.service_name) });
    case 'http':
      return defined({ network: 'h2', host: joined(t.host), path: str(t.path) });
    case 'httpupgrade':
      return defined({ network: 'httpupgrade', host: str(t.host), path: str(t.path) });
    case 'quic':
      return { network: 'quic' };
    default:
      return {};
  }
}

function singBoxTls(o: Json): Record<string, string> {
  const tls = record(o.tls);
  if (tls.enabled !== true) return {};
  const reality = record(tls.reality);
  return defined({
    security: reality.enabled === true ? 'reality' : 'tls',
    sni: str(tls.server_name),
    alpn: joined(tls.alpn),
    fp: str(record(tls.utls).fingerprint),
    insecure: flag(tls.insecure),
    disableSni: flag(tls.disable_sni),
    pbk: str(reality.public_key),
    sid: str(reality.short_id),
  });
}

/** sing-box's `["443:443", "20000:30000"]` → `443,20000-30000`. */
function portList(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value
    .map(String)
    .map((range) => {
      const [from, to] = range.split(':');
      return to === undefined || to === from ? from : `${from}-${to}`;
    })
    .join(',');
}

function fromSingBox(o: Json): ProxyNode | null {
  const type = str(o.type);
  switch (type) {
    case 'vmess':
      return node('vmess', 'url', o, o.server, o.server_port, {
        credentials: defined({
          id: str(o.uuid),
          alterId: str(o.alter_id),
          cipher: str(o.security),
        }),
        transport: singBoxTransport(o),
        tls: singBoxTls(o),
      });
    case 'vless':
      return node('vless', 'vless', o, o.server, o.server_port, {
        credentials: defined({ id: str(o.uuid), flow: str(o.flow) }),
        transport: singBoxTransport(o),
        tls: singBoxTls(o),
      });
    case 'trojan':
      return node('trojan', 'trojan', o, o.server, o.server_port, {
        credentials: defined({ password: str(o.password) }),
        transport: singBoxTransport(o),
        tls: singBoxTls(o),
      });
    case 'shadowsocks': {
      const plugin = str(o.plugin);
      const opts = str(o.plugin_opts);
      return node('ss', 'sip002', o, o.server, o.server_port, {
        credentials: defined({ method: str(o.method), password: str(o.password) }),
        transport: defined({ plugin: plugin && (opts ? `${plugin};${opts}` : plugin) }),
        tls: {},
      });
    }
    case 'hysteria2': {
      const obfs = record(o.obfs);
      const tls = singBoxTls(o);
      delete tls.security;
      return node('hysteria2', 'hysteria2', o, o.server, o.server_port, {
        ports: portList(o.server_ports),
        credentials: defined({
          password: str(o.password),
          obfs: str(obfs.type),
          obfsPassword: str(obfs.password),
        }),
        transport: {},
        tls,
      });
    }
    case 'tuic': {
      const tls = singBoxTls(o);
      delete tls.security;
      return node('tuic', 'tuic', o, o.server, o.server_port, {
        credentials: defined({ id: str(o.uuid), password: str(o.password) }),
        transport: defined({
          congestionControl: str(o.congestion_control),
          udpRelayMode: str(o.udp_relay_mode),
          reduceRtt: flag(o.zero_rtt_handshake),
        }),
        tls,
      });
    }
    case 'socks':
      return node('socks5', 'socks5', o, o.server, o.server_port, {
        credentials: defined({ username: str(o.username), password: str(o.password) }),
        transport: {},
        tls: {},
      });
    case 'http':
      return node(
        'http',
        record(o.tls).enabled === true ? 'https' : 'http',
        o,
        o.server,
        o.server_port,
        {
          credentials: defined({ username: str(o.username), password: str(o.password) }),
          transport: {},
          tls: {},
        },
      );
    default:
      return null;
  }
}

// ---- the entry point ----

function readEntries(
  format: ContentFormat,
  entries: unknown[],
  read: (entry: Json) => ProxyNode | null,
): ReadContent {
  const nodes: ProxyNode[] = [];
  const problems: ReadContent['problems'] = [];
  for (const [i, raw] of entries.entries()) {
    const entry = record(raw);
    try {
      const made = read(entry);
      if (made) nodes.push(made);
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      problems.push({ entry: str(entry.name ?? entry.tag) ?? `#${i + 1}`, error: error.message });
    }
  }
  return { format, nodes, problems };
}

function fromLines(format: ContentFormat, text: string): ReadContent {
  const results = parseShareLinks(text);
  return {
    format,
    nodes: results.flatMap((r) => (r.ok ? [r.node] : [])),
    problems: results.flatMap((r) => (r.ok ? [] : [{ entry: `line ${r.line}`, error: r.error }])),
  };
}

/** The nodes of a subscription's answer, in whichever of the four formats it came. */
export function readSubscription(body: string): ReadContent {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new LinkError('订阅内容不是有效的 JSON / the subscription is not valid JSON');
    }
    const outbounds = record(json).outbounds;
    if (!Array.isArray(outbounds)) {
      throw new LinkError('JSON 订阅缺少 outbounds / the JSON subscription has no `outbounds`');
    }
    return readEntries('sing-box', outbounds, fromSingBox);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//im.test(text.split('\n')[0] ?? '')) return fromLines('links', text);
  const decoded = decodeBase64(text);
  if (decoded !== null && /:\/\//.test(decoded)) return fromLines('base64', decoded);
  let yaml: unknown;
  try {
    yaml = parseYaml(text, { maxAliasCount: 100 });
  } catch {
    yaml = null;
  }
  const proxies = record(yaml).proxies;
  if (Array.isArray(proxies)) return readEntries('clash', proxies, fromClash);
  throw new LinkError(
    '无法识别订阅格式 / the subscription is none of: base64 or plain share links, Clash YAML with `proxies:`, sing-box JSON with `outbounds`',
  );
}
