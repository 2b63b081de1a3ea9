/**
 * A local stand-in for AMap's IP-location REST API: `GET /v3/ip?key=…&ip=…` answers
 * `{status: '1', info: 'OK', infocode: '10000', rectangle: 'lng1,lat1;lng2,lat2'}` for known IPs,
 * an empty rectangle (as AMap does for private addresses) for others, and `status: '0'` for a
 * wrong key.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAmap {
  /** Base URL to put in AMAP_URL. */
  readonly url: string;
  readonly key: string;
  /** The `ip` parameter of every lookup, in order. */
  readonly lookups: string[];
  /** Sets the rectangle answered for an IP. */
  locate(ip: string, rectangle: string): void;
  close(): Promise<void>;
}

export async function startFakeAmap(key = 'test-amap-key'): Promise<FakeAmap> {
  const rectangles = new Map<string, string>();
  const lookups: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || url.pathname !== '/v3/ip') return send(404, {});
    if (url.searchParams.get('key') !== key) {
      return send(200, { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' });
    }
    const ip = url.searchParams.get('ip') ?? '';
    lookups.push(ip);
    const rectangle = rectangles.get(ip);
    send(200, {
      status: '1',
      info: 'OK',
      infocode: '10000',
      province: rectangle ? '北京市' : [],
      city: rectangle ? '北京市' : [],
      adcode: rectangle ? '110000' : [],
      rectangle: rectangle ?? [],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    lookups,
    locate: (ip, rectangle) => void rectangles.set(ip, rectangle),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
