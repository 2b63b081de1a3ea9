/**
 * A node in the two configuration formats clients import besides share links: a Clash/mihomo
 * proxy (https://wiki.metacubex.one/config/proxies/) and a sing-box outbound (1.12;
 * https://sing-box.sagernet.org/configuration/outbound/). What a format cannot say is reported
 * with the reason, never guessed; the whole configs around them are made elsewhere.
 */
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { alterIdOf, csv, defined, isOn, type Converted } from './node-fields.ts';

type Json = Record<string, unknown>;

/** Xray's WebSocket early data in the path (`/ray?ed=2048`): the path and the byte count. */
function earlyData(path: string | undefined): { path?: string; ed?: number } {
  if (path === undefined) return {};
  const match = /^([^?]*)\?ed=(\d+)$/.exec(path);
  return match ? { path: match[1] || '/', ed: Number(match[2]) } : { path };
}

/** A SIP003 plugin string (`obfs-local;obfs=http;obfs-host=x`): its name and options. */
function plugin(text: string): { name: string; opts: Record<string, string>; raw: string } {
  const [name = '', ...parts] = text.split(';');
  const opts: Record<string, string> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    opts[eq >= 0 ? part.slice(0, eq) : part] = eq >= 0 ? part.slice(eq + 1) : 'true';
  }
  return { name, opts, raw: parts.join(';') };
}

// ---- Clash / mihomo ----

function clashTransport(node: ProxyNode): Converted<Json> {
  const t = node.transport;
  const network = t.network ?? 'tcp';
  switch (network) {
    case 'tcp':
      if (t.headerType === 'http') {
        return {
          ok: true,
          value: {
            network: 'http',
            'http-opts': defined({
              path: csv(t.path),
              headers: t.host ? { Host: csv(t.host) } : undefined,
            }),
          },
        };
      }
      return { ok: true, value: {} };
    case 'ws':
    case 'httpupgrade': {
      const { path, ed } = earlyData(t.path);
      return {
        ok: true,
        value: {
          network: 'ws',
          'ws-opts': defined({
            path,
            headers: t.host ? { Host: t.host } : undefined,
            'max-early-data': ed,
            'early-data-header-name': ed === undefined ? undefined : 'Sec-WebSocket-Protocol',
            'v2ray-http-upgrade': network === 'httpupgrade' ? true : undefined,
          }),
        },
      };
    }
    case 'grpc':
      return {
        ok: true,
        value: { network: 'grpc', 'grpc-opts': defined({ 'grpc-service-name': t.serviceName }) },
      };
    case 'h2':
    case 'http':
      return {
        ok: true,
        value: { network: 'h2', 'h2-opts': defined({ host: csv(t.host), path: t.path }) },
      };
    default:
      return { ok: false, reason: `mihomo has no ${network} transport` };
  }
}

function clashTls(node: ProxyNode, sniKey: 'servername' | 'sni'): Json {
  const s = node.tls;
  const reality = s.security === 'reality';
  return defined({
    tls: sniKey === 'servername' && (s.security === 'tls' || reality) ? true : undefined,
    [sniKey]: s.sni,
    alpn: csv(s.alpn),
    'skip-cert-verify': isOn(s.insecure) ? true : undefined,
    'client-fingerprint': s.fp ?? (reality ? 'chrome' : undefined),
    'reality-opts': reality ? defined({ 'public-key': s.pbk, 'short-id': s.sid }) : undefined,
  });
}

/** The node as a mihomo `proxies:` entry named `name`, or why mihomo cannot use it. */
export function clashProxy(node: ProxyNode, name: string): Converted<Json> {
  const c = node.credentials;
  const base = { name, type: node.type as string, server: node.server, port: node.port };
  switch (node.type) {
    case 'vmess':
    case 'vless':
    case 'trojan': {
      const transport = clashTransport(node);
      if (!transport.ok) return transport;
      const own =
        node.type === 'vmess'
          ? { uuid: c.id, alterId: alterIdOf(node), cipher: c.cipher ?? 'auto' }
          : node.type === 'vless'
            ? defined({ uuid: c.id, flow: c.flow })
            : { password: c.password };
      const tls = clashTls(node, node.type === 'trojan' ? 'sni' : 'servername');
      return { ok: true, value: { ...base, ...own, udp: true, ...tls, ...transport.value } };
    }
    case 'ss': {
      const value: Json = { ...base, cipher: c.method, password: c.password, udp: true };
      if (node.transport.plugin) {
        const p = plugin(node.transport.plugin);
        if (p.name === 'obfs-local' || p.name === 'simple-obfs') {
          value.plugin = 'obfs';
          value['plugin-opts'] = defined({ mode: p.opts.obfs, host: p.opts['obfs-host'] });
        } else if (p.name === 'v2ray-plugin') {
          value.plugin = 'v2ray-plugin';
          value['plugin-opts'] = defined({
            mode: p.opts.mode ?? 'websocket',
            host: p.opts.host,
            path: p.opts.path,
            tls: p.opts.tls === 'true' ? true : undefined,
          });
        } else {
          return { ok: false, reason: `mihomo has no Shadowsocks plugin ${p.name}` };
        }
      }
      return { ok: true, value };
    }
    case 'hysteria2':
      return {
        ok: true,
        value: defined({
          ...base,
          ports: node.ports ?? undefined,
          password: c.password,
          obfs: c.obfs,
          'obfs-password': c.obfsPassword,
          sni: node.tls.sni,
          'skip-cert-verify': isOn(node.tls.insecure) ? true : undefined,
          alpn: csv(node.tls.alpn),
        }),
      };
    case 'tuic':
      return {
        ok: true,
        value: defined({
          ...base,
          uuid: c.id,
          password: c.password,
          'congestion-controller': node.transport.congestionControl,
          'udp-relay-mode': node.transport.udpRelayMode,
          'reduce-rtt': isOn(node.transport.reduceRtt) ? true : undefined,
          sni: node.tls.sni,
          alpn: csv(node.tls.alpn),
          'skip-cert-verify': isOn(node.tls.insecure) ? true : undefined,
          'disable-sni': isOn(node.tls.disableSni) ? true : undefined,
        }),
      };
    case 'socks5':
    case 'http':
      return {
        ok: true,
        value: defined({
          ...base,
          username: c.username,
          password: c.password,
          tls: node.form === 'https' ? true : undefined,
        }),
      };
  }
}

// ---- sing-box ----

function singBoxTransport(node: ProxyNode): Converted<Json | undefined> {
  const t = node.transport;
  const network = t.network ?? 'tcp';
  switch (network) {
    case 'tcp':
      return {
        ok: true,
        value:
          t.headerType === 'http'
            ? defined({ type: 'http', host: csv(t.host), path: t.path?.split(',')[0] })
            : undefined,
      };
    case 'ws': {
      const { path, ed } = earlyData(t.path);
      return {
        ok: true,
        value: defined({
          type: 'ws',
          path,
          headers: t.host ? { Host: t.host } : undefined,
          max_early_data: ed,
          early_data_header_name: ed === undefined ? undefined : 'Sec-WebSocket-Protocol',
        }),
      };
    }
    case 'grpc':
      return { ok: true, value: defined({ type: 'grpc', service_name: t.serviceName }) };
    case 'h2':
    case 'http':
      return { ok: true, value: defined({ type: 'http', host: csv(t.host), path: t.path }) };
    case 'httpupgrade':
      return { ok: true, value: defined({ type: 'httpupgrade', host: t.host, path: t.path }) };
    case 'quic':
      return { ok: true, value: { type: 'quic' } };
    default:
      return { ok: false, reason: `sing-box has no ${network} transport` };
  }
}

function singBoxTls(node: ProxyNode, always: boolean): Json | undefined {
  const s = node.tls;
  const reality = s.security === 'reality';
  if (!always && !reality && s.security !== 'tls' && node.form !== 'https') return undefined;
  // REALITY needs uTLS on the client; a fingerprint is chosen when the link names none.
  const fingerprint = s.fp ?? (reality ? 'chrome' : undefined);
  return defined({
    enabled: true,
    server_name: s.sni,
    insecure: isOn(s.insecure) ? true : undefined,
    alpn: csv(s.alpn),
    disable_sni: isOn(s.disableSni) ? true : undefined,
    utls: fingerprint ? { enabled: true, fingerprint } : undefined,
    reality: reality ? defined({ enabled: true, public_key: s.pbk, short_id: s.sid }) : undefined,
  });
}

/** `443,20000-30000` → sing-box's `["443:443", "20000:30000"]`. */
function serverPorts(ports: string): string[] {
  return ports
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const [from, to = from] = part.split('-');
      return `${from}:${to}`;
    });
}

/** The node as a sing-box outbound tagged `tag`, or why sing-box cannot use it. */
export function singBoxOutbound(node: ProxyNode, tag: string): Converted<Json> {
  const c = node.credentials;
  const base = { tag, server: node.server, server_port: node.port };
  switch (node.type) {
    case 'vmess':
    case 'vless':
    case 'trojan': {
      const transport = singBoxTransport(node);
      if (!transport.ok) return transport;
      const own =
        node.type === 'vmess'
          ? {
              type: 'vmess',
              uuid: c.id,
              security: c.cipher ?? 'auto',
              alter_id: alterIdOf(node),
            }
          : node.type === 'vless'
            ? defined({ type: 'vless', uuid: c.id, flow: c.flow })
            : { type: 'trojan', password: c.password };
      return {
        ok: true,
        value: defined({
          ...own,
          ...base,
          tls: singBoxTls(node, false),
          transport: transport.value,
        }),
      };
    }
    case 'ss': {
      const value: Json = { type: 'shadowsocks', ...base, method: c.method, password: c.password };
      if (node.transport.plugin) {
        const p = plugin(node.transport.plugin);
        if (p.name !== 'obfs-local' && p.name !== 'v2ray-plugin') {
          return { ok: false, reason: `sing-box has no Shadowsocks plugin ${p.name}` };
        }
        value.plugin = p.name;
        value.plugin_opts = p.raw;
      }
      return { ok: true, value };
    }
    case 'hysteria2':
      return {
        ok: true,
        value: defined({
          type: 'hysteria2',
          ...base,
          server_ports: node.ports ? serverPorts(node.ports) : undefined,
          password: c.password,
          obfs: c.obfs ? defined({ type: c.obfs, password: c.obfsPassword }) : undefined,
          tls: singBoxTls(node, true),
        }),
      };
    case 'tuic':
      return {
        ok: true,
        value: defined({
          type: 'tuic',
          ...base,
          uuid: c.id,
          password: c.password,
          congestion_control: node.transport.congestionControl,
          udp_relay_mode: node.transport.udpRelayMode,
          zero_rtt_handshake: isOn(node.transport.reduceRtt) ? true : undefined,
          tls: singBoxTls(node, true),
        }),
      };
    case 'socks5':
      return {
        ok: true,
        value: defined({
          type: 'socks',
          ...base,
          version: '5',
          username: c.username,
          password: c.password,
        }),
      };
    case 'http':
      return {
        ok: true,
        value: defined({
          type: 'http',
          ...base,
          username: c.username,
          password: c.password,
          tls: singBoxTls(node, false),
        }),
      };
  }
}
