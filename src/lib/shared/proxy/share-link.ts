/**
 * Share links ⇄ nodes: `vmess://` (base64 JSON and URL form), `vless://` (REALITY, flow),
 * `trojan://`, `ss://` (SIP002 and the older all-base64 form, 2022-blake3 ciphers, plugins),
 * `hysteria2://`/`hy2://` (port lists, obfs), `tuic://`, `socks5://`/`socks://`, `http://`/
 * `https://`. Every parameter is kept: the known ones in the node's fields, the rest in `extra`,
 * so `shareLink(parseShareLink(link))` says what `link` said (share-link.test.ts).
 */
import { decodeBase64, encodeBase64, encodeBase64Url } from './base64.ts';
import {
  LinkError,
  decodePart,
  encodePart,
  linkHost,
  linkQuery,
  parsePort,
  splitLink,
  type LinkParts,
} from './link-parts.ts';
import type { ExtraParam, NodeType, ProxyNode } from './node.ts';

export { LinkError } from './link-parts.ts';

type Bag = 'credentials' | 'transport' | 'tls';
/** A query parameter and the node field it fills. */
type ParamSpec = readonly (readonly [key: string, bag: Bag, field: string])[];

const TRANSPORT: ParamSpec = [
  ['type', 'transport', 'network'],
  ['headerType', 'transport', 'headerType'],
  ['host', 'transport', 'host'],
  ['path', 'transport', 'path'],
  ['serviceName', 'transport', 'serviceName'],
  ['mode', 'transport', 'mode'],
  ['authority', 'transport', 'authority'],
  ['seed', 'transport', 'seed'],
  ['quicSecurity', 'transport', 'quicSecurity'],
  ['key', 'transport', 'key'],
  ['extra', 'transport', 'xhttpExtra'],
];

const TLS: ParamSpec = [
  ['security', 'tls', 'security'],
  ['sni', 'tls', 'sni'],
  ['alpn', 'tls', 'alpn'],
  ['fp', 'tls', 'fp'],
  ['allowInsecure', 'tls', 'insecure'],
  ['pbk', 'tls', 'pbk'],
  ['sid', 'tls', 'sid'],
  ['spx', 'tls', 'spx'],
  ['pqv', 'tls', 'pqv'],
  ['ech', 'tls', 'ech'],
];

/** The query parameters each URL form knows (the rest go to `extra`). */
const PARAMS: Readonly<Record<Exclude<NodeType, 'ss'>, ParamSpec>> = {
  vmess: [['encryption', 'credentials', 'cipher'], ...TLS, ...TRANSPORT],
  vless: [
    ['encryption', 'credentials', 'encryption'],
    ['flow', 'credentials', 'flow'],
    ...TLS,
    ...TRANSPORT,
  ],
  trojan: [['flow', 'credentials', 'flow'], ...TLS, ...TRANSPORT],
  hysteria2: [
    ['obfs', 'credentials', 'obfs'],
    ['obfs-password', 'credentials', 'obfsPassword'],
    ['sni', 'tls', 'sni'],
    ['insecure', 'tls', 'insecure'],
    ['pinSHA256', 'tls', 'pinSHA256'],
    ['alpn', 'tls', 'alpn'],
  ],
  tuic: [
    ['congestion_control', 'transport', 'congestionControl'],
    ['udp_relay_mode', 'transport', 'udpRelayMode'],
    ['reduce_rtt', 'transport', 'reduceRtt'],
    ['sni', 'tls', 'sni'],
    ['alpn', 'tls', 'alpn'],
    ['allow_insecure', 'tls', 'insecure'],
    ['disable_sni', 'tls', 'disableSni'],
  ],
  socks5: [],
  http: [],
};

const SS_PARAMS: ParamSpec = [['plugin', 'transport', 'plugin']];

/** The scheme of each link form, and the type it is. */
const SCHEMES: Readonly<Record<string, NodeType>> = {
  vmess: 'vmess',
  vless: 'vless',
  trojan: 'trojan',
  ss: 'ss',
  hysteria2: 'hysteria2',
  hy2: 'hysteria2',
  tuic: 'tuic',
  socks5: 'socks5',
  socks: 'socks5',
  http: 'http',
  https: 'http',
};

interface Fields {
  credentials: Record<string, string>;
  transport: Record<string, string>;
  tls: Record<string, string>;
  extra: ExtraParam[];
}

function fieldsOf(params: LinkParts['params'], spec: ParamSpec): Fields {
  const out: Fields = { credentials: {}, transport: {}, tls: {}, extra: [] };
  for (const [key, value] of params) {
    const known = spec.find(([name]) => name === key);
    if (known && !(known[2] in out[known[1]])) out[known[1]][known[2]] = value;
    else out.extra.push([key, value]);
  }
  return out;
}

function paramsOf(node: ProxyNode, spec: ParamSpec): ExtraParam[] {
  const out: ExtraParam[] = [];
  for (const [key, bag, field] of spec) {
    const value = node[bag][field];
    if (value !== undefined) out.push([key, value]);
  }
  return [...out, ...node.extra];
}

/** `value`, or a LinkError naming what is missing (`zh`, `en`). */
function need(value: string | null | undefined, zh: string, en: string): string {
  if (value === null || value === undefined || value === '') {
    throw new LinkError(`缺少${zh} / the ${en} is missing`);
  }
  return value;
}

/** `user:pass` (percent-encoded, or base64 as v2rayN writes it) → its two halves. */
function userPass(userinfo: string): [string, string] {
  if (!userinfo.includes(':')) {
    const decoded = decodeBase64(decodePart(userinfo, '用户信息', 'user info'));
    if (decoded?.includes(':')) userinfo = decoded.split(':').map(encodePart).join(':');
  }
  const colon = userinfo.indexOf(':');
  const user = colon >= 0 ? userinfo.slice(0, colon) : userinfo;
  const pass = colon >= 0 ? userinfo.slice(colon + 1) : '';
  return [decodePart(user, '用户名', 'user name'), decodePart(pass, '密码', 'password')];
}

// ---- vmess: base64 JSON (v2rayN) ----

/** vmess JSON keys and the node fields they fill, in the order v2rayN writes them. */
const VMESS_JSON: readonly (readonly [key: string, bag: Bag, field: string])[] = [
  ['id', 'credentials', 'id'],
  ['aid', 'credentials', 'alterId'],
  ['scy', 'credentials', 'cipher'],
  ['net', 'transport', 'network'],
  ['type', 'transport', 'headerType'],
  ['host', 'transport', 'host'],
  ['path', 'transport', 'path'],
  ['tls', 'tls', 'security'],
  ['sni', 'tls', 'sni'],
  ['alpn', 'tls', 'alpn'],
  ['fp', 'tls', 'fp'],
];

function parseVmessJson(body: string): ProxyNode {
  const text = decodeBase64(body);
  if (text === null) throw new LinkError('vmess 链接不是 base64 / the vmess link is not base64');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LinkError('vmess 链接的内容不是 JSON / the vmess link does not hold JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new LinkError(
      'vmess 链接的内容不是 JSON 对象 / the vmess link does not hold a JSON object',
    );
  }
  const fields: Fields = { credentials: {}, transport: {}, tls: {}, extra: [] };
  let name = '';
  let server = '';
  let port = '';
  for (const [key, raw] of Object.entries(json as Record<string, unknown>)) {
    if (raw === null || typeof raw === 'object') continue;
    const value = String(raw);
    // `v: "2"` marks the format's version; it is written back with every link.
    if (key === 'v' && value === '2') continue;
    if (key === 'ps') name = value;
    else if (key === 'add') server = value;
    else if (key === 'port') port = value;
    else {
      const known = VMESS_JSON.find(([k]) => k === key);
      if (known) {
        if (value !== '') fields[known[1]][known[2]] = value;
      } else fields.extra.push([key, value]);
    }
  }
  need(fields.credentials.id, '用户 ID (id)', 'user id (`id`)');
  return {
    type: 'vmess',
    form: 'json',
    name,
    server: need(server, '服务器地址 (add)', 'server address (`add`)'),
    port: parsePort(port),
    ports: null,
    ...fields,
  };
}

function vmessJson(node: ProxyNode): string {
  const json: Record<string, string> = {};
  if (!node.extra.some(([key]) => key === 'v')) json.v = '2';
  json.ps = node.name;
  json.add = node.server;
  json.port = String(node.port);
  for (const [key, bag, field] of VMESS_JSON) {
    const value = node[bag][field];
    if (value !== undefined) json[key] = value;
  }
  for (const [key, value] of node.extra) json[key] = value;
  return `vmess://${encodeBase64(JSON.stringify(json))}`;
}

// ---- ss: SIP002 and the older form ----

function ssCredentials(userinfo: string): { method: string; password: string } {
  const plain = decodePart(userinfo, '用户信息', 'user info');
  const text = plain.includes(':') ? plain : decodeBase64(plain);
  const colon = text?.indexOf(':') ?? -1;
  if (text === null || text === undefined || colon <= 0) {
    throw new LinkError(
      'ss 链接的用户信息应为 加密方式:密码 / the ss user info must be `method:password` (plain or base64)',
    );
  }
  return { method: text.slice(0, colon), password: text.slice(colon + 1) };
}

function parseSs(link: string): ProxyNode {
  const afterScheme = link.slice('ss://'.length);
  const hash = afterScheme.indexOf('#');
  const body = hash >= 0 ? afterScheme.slice(0, hash) : afterScheme;
  const beforeQuery = body.split('?')[0] ?? '';
  let form = 'sip002';
  let parts: LinkParts;
  if (!beforeQuery.includes('@')) {
    // The older form: base64 (whose alphabet has `/`) of `method:password@host:port`.
    const decoded = decodeBase64(decodePart(beforeQuery.replace(/\/$/, ''), 'ss 链接', 'ss link'));
    if (decoded === null || !decoded.includes('@')) {
      throw new LinkError(
        'ss 链接既不是 SIP002 也不是 base64 / the ss link is neither SIP002 nor base64',
      );
    }
    form = 'legacy';
    const at = decoded.lastIndexOf('@');
    const rest = link.slice('ss://'.length + beforeQuery.length);
    parts = splitLink(`ss://${encodePart(decoded.slice(0, at))}@${decoded.slice(at + 1)}${rest}`);
  } else {
    parts = splitLink(link);
  }
  const { method, password } = ssCredentials(need(parts.userinfo, '用户信息', 'user info'));
  const fields = fieldsOf(parts.params, SS_PARAMS);
  return {
    type: 'ss',
    form,
    name: parts.name,
    server: parts.host,
    port: parsePort(parts.port),
    ports: null,
    ...fields,
    credentials: { method, password },
  };
}

function ssLink(node: ProxyNode): string {
  const method = node.credentials.method ?? '';
  const password = node.credentials.password ?? '';
  const name = node.name === '' ? '' : `#${encodePart(node.name)}`;
  const query = linkQuery(paramsOf(node, SS_PARAMS));
  const suffix = query === '' ? '' : `/?${query}`;
  if (node.form === 'legacy') {
    return `ss://${encodeBase64(`${method}:${password}@${linkHost(node.server)}:${node.port}`)}${suffix}${name}`;
  }
  // SIP002: 2022 ciphers carry their key in plain (percent-encoded) text, the others in base64url.
  const userinfo = method.startsWith('2022-')
    ? `${encodePart(method)}:${encodePart(password)}`
    : encodeBase64Url(`${method}:${password}`);
  return `ss://${userinfo}@${linkHost(node.server)}:${node.port}${suffix}${name}`;
}

// ---- the URL forms ----

function parseUrlForm(link: string, type: Exclude<NodeType, 'ss'>): ProxyNode {
  const parts = splitLink(link);
  const fields = fieldsOf(parts.params, PARAMS[type]);
  let port = parts.port;
  let ports: string | null = null;
  if (type === 'hysteria2' && /[,-]/.test(port)) {
    ports = port;
    port = port.split(/[,-]/)[0] ?? '';
  }
  const userinfo = parts.userinfo;
  const credentials = fields.credentials;
  switch (type) {
    case 'vmess':
    case 'vless':
      credentials.id = decodePart(need(userinfo, '用户 ID', 'user id'), '用户 ID', 'user id');
      break;
    case 'trojan':
    case 'hysteria2':
      credentials.password = decodePart(need(userinfo, '密码', 'password'), '密码', 'password');
      break;
    case 'tuic': {
      const [id, password] = userPass(need(userinfo, '用户 ID 与密码', 'user id and password'));
      credentials.id = need(id, '用户 ID', 'user id');
      credentials.password = need(password, '密码', 'password');
      break;
    }
    case 'socks5':
    case 'http':
      if (userinfo !== null) {
        const [username, password] = userPass(userinfo);
        credentials.username = username;
        credentials.password = password;
      }
      break;
  }
  return {
    type,
    form: type === 'vmess' ? 'url' : parts.scheme,
    name: parts.name,
    server: parts.host,
    port: parsePort(port),
    ports,
    ...fields,
    credentials,
  };
}

function urlFormLink(node: ProxyNode, type: Exclude<NodeType, 'ss'>): string {
  const c = node.credentials;
  const enc = encodePart;
  let userinfo: string | null;
  switch (type) {
    case 'vmess':
    case 'vless':
      userinfo = enc(c.id ?? '');
      break;
    case 'trojan':
    case 'hysteria2':
      userinfo = enc(c.password ?? '');
      break;
    case 'tuic':
      userinfo = `${enc(c.id ?? '')}:${enc(c.password ?? '')}`;
      break;
    default:
      userinfo = c.username === undefined ? null : `${enc(c.username)}:${enc(c.password ?? '')}`;
  }
  const scheme = type === 'vmess' ? 'vmess' : node.form;
  const query = linkQuery(paramsOf(node, PARAMS[type]));
  const port = node.ports ?? String(node.port);
  return (
    `${scheme}://${userinfo === null ? '' : `${userinfo}@`}${linkHost(node.server)}:${port}` +
    `${query === '' ? '' : `?${query}`}${node.name === '' ? '' : `#${enc(node.name)}`}`
  );
}

// ---- the entry points ----

/** The node a share link describes; a LinkError says what is wrong with it. */
export function parseShareLink(input: string): ProxyNode {
  const link = input.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(link)?.[1]?.toLowerCase();
  const type = scheme === undefined ? undefined : SCHEMES[scheme];
  if (type === undefined) {
    throw new LinkError(
      scheme === undefined
        ? '不是分享链接 / not a share link (it should start like `vless://`)'
        : `不支持的类型 ${scheme} / unsupported link type “${scheme}://”`,
    );
  }
  if (type === 'ss') return parseSs(link);
  if (type === 'vmess' && !link.slice(8).split(/[?#]/)[0]?.includes('@')) {
    return parseVmessJson(link.slice(8).split('#')[0] ?? '');
  }
  return parseUrlForm(link, type);
}

/** The share link of a node, in the form it came in. */
export function shareLink(node: ProxyNode): string {
  if (node.type === 'ss') return ssLink(node);
  if (node.type === 'vmess' && node.form === 'json') return vmessJson(node);
  return urlFormLink(node, node.type);
}

export type LineResult =
  | { readonly line: number; readonly ok: true; readonly node: ProxyNode }
  | { readonly line: number; readonly ok: false; readonly link: string; readonly error: string };

/** Every non-empty line of a pasted text, parsed: what parsed and what did not, by line number. */
export function parseShareLinks(text: string): LineResult[] {
  return text.split(/\r?\n/).flatMap((raw, index): LineResult[] => {
    const link = raw.trim();
    if (link === '') return [];
    try {
      return [{ line: index + 1, ok: true, node: parseShareLink(link) }];
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      return [{ line: index + 1, ok: false, link, error: error.message }];
    }
  });
}
