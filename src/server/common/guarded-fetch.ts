/**
 * Fetching a URL that a user typed (an upstream subscription): http(s) only; every address the
 * host name resolves to is checked against private, loopback, link-local and other non-public
 * ranges at connect time (so a DNS answer that changes between a check and the connection gains
 * nothing), unless the caller allows them; redirects are followed by hand, each hop checked, at
 * most five; one time limit covers the whole exchange and a byte limit the decompressed body.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Why a fetch was refused or failed, in words for the user (zh / en). */
export class FetchRefused extends Error {
  override name = 'FetchRefused';
}

const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is outside the public internet (IPv4-mapped IPv6 addresses included). */
export function isNonPublic(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && NON_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const refusedAddress = (host: string) =>
  new FetchRefused(
    `不允许访问内网地址 ${host} / ${host} is a private or local address, which this site does not fetch`,
  );

/** `dns.lookup` that fails for non-public addresses: used by the connection itself. */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!allowPrivate && addresses.some((a) => isNonPublic(a.address))) {
        return callback(refusedAddress(hostname), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new FetchRefused(`${hostname}: no address`), []);
      callback(null, first.address, first.family);
    });
  };
}

export interface GuardedFetchOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Allow private and loopback addresses (a setting; the tests' local servers). */
  readonly allowPrivate?: boolean;
}

export interface GuardedResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** Where the answer came from, after redirects. */
  readonly url: string;
}

const MAX_REDIRECTS = 5;

function decoded(response: IncomingMessage): Readable {
  switch (response.headers['content-encoding']) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new FetchRefused(
        `内容超过 ${maxBytes} 字节 / the answer is larger than ${maxBytes} bytes`,
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function request(
  url: URL,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      headers: { 'accept-encoding': 'gzip, deflate, br', ...options.headers },
      lookup: guardedLookup(options.allowPrivate ?? false),
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** GET `address` with the guards above; a FetchRefused says what went wrong. */
export async function guardedFetch(
  address: string,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused(`不是有效的网址 / not a valid URL: ${address}`);
  }
  try {
    for (let hop = 0; ; hop += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new FetchRefused(
          `只支持 http(s) / only http and https URLs are fetched (${url.protocol})`,
        );
      }
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && isNonPublic(literal)) throw refusedAddress(literal);
      const response = await request(url, options, signal);
      const location = response.headers.location;
      if (
        response.statusCode !== undefined &&
        response.statusCode >= 300 &&
        response.statusCode < 400 &&
        response.statusCode !== 304 &&
        location
      ) {
        response.resume();
        if (hop >= MAX_REDIRECTS) {
          throw new FetchRefused(`重定向次数过多 / more than ${MAX_REDIRECTS} redirects`);
        }
        url = new URL(location, url);
        continue;
      }
      const body = await readCapped(decoded(response), options.maxBytes);
      return { status: response.statusCode ?? 0, headers: response.headers, body, url: url.href };
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (signal.aborted) {
      throw new FetchRefused(
        `${options.timeoutMs / 1000} 秒内未完成 / no complete answer within ${options.timeoutMs / 1000} s`,
      );
    }
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new FetchRefused(`无法获取 / could not fetch ${url.host}: ${code}`, { cause: error });
  }
}
