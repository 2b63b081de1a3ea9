/**
 * A node as a V2Ray outbound (V2Ray 4's JSON: Debian's `v2ray`), or why it cannot be one. The
 * tests hand every link the proxy area writes, read back, to `v2ray -test` through this: the
 * check that a share link carries what a real client needs. Hysteria2, TUIC, REALITY, gRPC and
 * the 2022 Shadowsocks ciphers are newer than V2Ray 4 and are reported, not guessed.
 */
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { alterIdOf, csv, isOn, type Converted } from './node-fields.ts';

export type V2rayOutbound = Readonly<Record<string, unknown>>;
type Json = Record<string, unknown>;
const ok = (value: Json): Converted<Json> => ({ ok: true, value });

/** Shadowsocks ciphers V2Ray 4 speaks. */
const SS_METHODS = new Set([
  'aes-128-gcm',
  'aes-256-gcm',
  'chacha20-poly1305',
  'chacha20-ietf-poly1305',
  'none',
  'plain',
]);

function streamSettings(node: ProxyNode): Converted<Json> {
  const t = node.transport;
  const network = t.network ?? 'tcp';
  const stream: Record<string, unknown> = {};
  switch (network) {
    case 'tcp':
      stream.network = 'tcp';
      if (t.headerType === 'http') {
        stream.tcpSettings = {
          header: {
            type: 'http',
            request: {
              ...(t.path ? { path: csv(t.path) } : {}),
              ...(t.host ? { headers: { Host: csv(t.host) } } : {}),
            },
          },
        };
      }
      break;
    case 'ws':
      stream.network = 'ws';
      stream.wsSettings = {
        ...(t.path ? { path: t.path } : {}),
        ...(t.host ? { headers: { Host: t.host } } : {}),
      };
      break;
    case 'h2':
    case 'http':
      stream.network = 'http';
      stream.httpSettings = {
        ...(t.path ? { path: t.path } : {}),
        ...(t.host ? { host: csv(t.host) } : {}),
      };
      break;
    case 'kcp':
    case 'mkcp':
      stream.network = 'kcp';
      stream.kcpSettings = {
        header: { type: t.headerType ?? 'none' },
        ...(t.seed ? { seed: t.seed } : {}),
      };
      break;
    case 'quic':
      stream.network = 'quic';
      stream.quicSettings = {
        security: t.quicSecurity ?? 'none',
        ...(t.key ? { key: t.key } : {}),
        header: { type: t.headerType ?? 'none' },
      };
      break;
    default:
      return { ok: false, reason: `V2Ray 4 has no ${network} transport` };
  }
  const security = node.tls.security ?? '';
  if (security === 'reality') return { ok: false, reason: 'V2Ray 4 has no REALITY' };
  if (security === 'tls' || node.form === 'https') {
    stream.security = 'tls';
    stream.tlsSettings = {
      ...(node.tls.sni ? { serverName: node.tls.sni } : {}),
      ...(node.tls.alpn ? { alpn: csv(node.tls.alpn) } : {}),
      ...(isOn(node.tls.insecure) ? { allowInsecure: true } : {}),
    };
  } else if (security !== '' && security !== 'none') {
    return { ok: false, reason: `V2Ray 4 has no “${security}” security` };
  }
  return { ok: true, value: stream };
}

function settings(node: ProxyNode): Converted<Json> {
  const c = node.credentials;
  const server = { address: node.server, port: node.port };
  switch (node.type) {
    case 'vmess':
      return ok({
        vnext: [
          {
            ...server,
            users: [
              {
                id: c.id,
                alterId: alterIdOf(node),
                security: c.cipher ?? 'auto',
              },
            ],
          },
        ],
      });
    case 'vless':
      if (c.flow) return { ok: false, reason: `V2Ray 4 has no VLESS flow ${c.flow}` };
      return ok({
        vnext: [{ ...server, users: [{ id: c.id, encryption: c.encryption ?? 'none' }] }],
      });
    case 'trojan':
      return ok({ servers: [{ ...server, password: c.password }] });
    case 'ss':
      if (!SS_METHODS.has(c.method ?? '')) {
        return { ok: false, reason: `V2Ray 4 has no Shadowsocks cipher ${c.method}` };
      }
      if (node.transport.plugin) return { ok: false, reason: 'V2Ray 4 runs no SIP003 plugins' };
      return ok({ servers: [{ ...server, method: c.method, password: c.password }] });
    case 'socks5':
    case 'http':
      return ok({
        servers: [
          {
            ...server,
            ...(c.username === undefined
              ? {}
              : { users: [{ user: c.username, pass: c.password }] }),
          },
        ],
      });
    default:
      return { ok: false, reason: `V2Ray 4 has no ${node.type}` };
  }
}

const PROTOCOL: Readonly<Record<string, string>> = {
  vmess: 'vmess',
  vless: 'vless',
  trojan: 'trojan',
  ss: 'shadowsocks',
  socks5: 'socks',
  http: 'http',
};

/** The outbound that connects through `node`, tagged `tag`; or why V2Ray 4 cannot. */
export function v2rayOutbound(node: ProxyNode, tag: string): Converted<V2rayOutbound> {
  const made = settings(node);
  if (!made.ok) return made;
  // SOCKS and plain HTTP proxies carry only their own options in V2Ray 4: TLS for https.
  const stream =
    node.type === 'socks5' || (node.type === 'http' && node.form === 'http')
      ? ok({})
      : streamSettings(node);
  if (!stream.ok) return stream;
  return ok({
    tag,
    protocol: PROTOCOL[node.type],
    settings: made.value,
    ...(Object.keys(stream.value).length > 0 ? { streamSettings: stream.value } : {}),
  });
}
