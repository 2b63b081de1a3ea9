/**
 * The parts of a URL-form share link (`scheme://userinfo@host:port/?query#name`), split by hand:
 * WHATWG URL refuses what clients write (hysteria2's `host:443,5000-6000`) and normalises what
 * must be kept as given. Values are percent-decoded; `+` stays a plus (base64 keys carry it).
 */

/** A link that cannot be read, with what is wrong in words a user can act on. */
export class LinkError extends Error {
  override name = 'LinkError';
}

export interface LinkParts {
  readonly scheme: string;
  /** Still percent-encoded (how it is decoded depends on the type); null without `@`. */
  readonly userinfo: string | null;
  readonly host: string;
  /** As written: one port, or hysteria2's list of ports and ranges. */
  readonly port: string;
  readonly params: readonly (readonly [string, string])[];
  readonly name: string;
}

/** `text` percent-decoded; a LinkError naming the part (`zh`, `en`) when its encoding is broken. */
/**
 * `encodeURIComponent` that cannot throw: a lone surrogate (possible in JSON text) becomes U+FFFD
 * instead of a URIError.
 */
export function encodePart(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

export function decodePart(text: string, zh: string, en: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new LinkError(`${zh}的百分号编码无效 / ${en}: invalid percent-encoding`);
  }
}

/** `scheme://rest` → its parts; the name may be empty, the port is checked by the caller. */
export function splitLink(link: string): LinkParts {
  const at = link.indexOf('://');
  if (at <= 0) throw new LinkError('不是分享链接 / not a share link (no `scheme://`)');
  const scheme = link.slice(0, at).toLowerCase();
  let rest = link.slice(at + 3);
  let name = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    name = decodePart(rest.slice(hash + 1), '名称', 'name');
    rest = rest.slice(0, hash);
  }
  let query = '';
  const question = rest.indexOf('?');
  if (question >= 0) {
    query = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }
  const slash = rest.indexOf('/');
  const authority = slash >= 0 ? rest.slice(0, slash) : rest;
  const atSign = authority.lastIndexOf('@');
  const userinfo = atSign >= 0 ? authority.slice(0, atSign) : null;
  const hostPort = authority.slice(atSign + 1);
  let host: string;
  let port: string;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) throw new LinkError('IPv6 地址缺少 ] / the IPv6 address lacks its `]`');
    host = hostPort.slice(1, close);
    port = hostPort.slice(close + 1).replace(/^:/, '');
  } else {
    const colon = hostPort.lastIndexOf(':');
    host = colon >= 0 ? hostPort.slice(0, colon) : hostPort;
    port = colon >= 0 ? hostPort.slice(colon + 1) : '';
  }
  if (host === '') throw new LinkError('缺少服务器地址 / the server address is missing');
  const params = query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair): [string, string] => {
      const eq = pair.indexOf('=');
      const key = decodePart(eq >= 0 ? pair.slice(0, eq) : pair, '参数', 'parameter');
      return [
        key,
        eq >= 0 ? decodePart(pair.slice(eq + 1), `参数 ${key}`, `parameter ${key}`) : '',
      ];
    });
  return { scheme, userinfo, host: decodePart(host, '地址', 'address'), port, params, name };
}

/** A port from 1 to 65535, or a LinkError saying what was found. */
export function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw new LinkError(
      `端口无效：${text === '' ? '缺少' : text} / the port must be a number from 1 to 65535 (found ${text === '' ? 'none' : `“${text}”`})`,
    );
  }
  return port;
}

/** `host` as it goes in a link: IPv6 addresses in brackets, anything unsafe percent-encoded. */
export function linkHost(host: string): string {
  return host.includes(':') ? `[${host}]` : encodePart(host);
}

/** `k=v&…` with both sides percent-encoded (`:` and `,` kept readable, as clients write them). */
export function linkQuery(params: readonly (readonly [string, string])[]): string {
  const encode = (text: string) => encodePart(text).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
  return params.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}
