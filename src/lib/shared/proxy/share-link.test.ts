import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encodeBase64 } from './base64.ts';
import type { NodeType, ProxyNode } from './node.ts';
import { LinkError, parseShareLink, parseShareLinks, shareLink } from './share-link.ts';

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';

/** A link read, written back and read again says the same. */
function roundTrip(link: string): ProxyNode {
  const node = parseShareLink(link);
  expect(parseShareLink(shareLink(node))).toEqual(node);
  return node;
}

describe('each link type, as clients write it', () => {
  test('vmess, base64 JSON (v2rayN), with a Chinese name and unknown keys kept', () => {
    const json = {
      v: '2',
      ps: '🇭🇰 香港 01',
      add: 'hk.example.com',
      port: 443,
      id: UUID,
      aid: '0',
      scy: 'auto',
      net: 'ws',
      type: 'none',
      host: 'cdn.example.com',
      path: '/ray?ed=2048',
      tls: 'tls',
      sni: 'cdn.example.com',
      alpn: 'h2,http/1.1',
      fp: 'chrome',
      allowInsecure: '0',
    };
    const node = roundTrip(`vmess://${encodeBase64(JSON.stringify(json))}`);
    expect(node).toMatchObject({
      type: 'vmess',
      form: 'json',
      name: '🇭🇰 香港 01',
      server: 'hk.example.com',
      port: 443,
      credentials: { id: UUID, alterId: '0', cipher: 'auto' },
      transport: {
        network: 'ws',
        headerType: 'none',
        host: 'cdn.example.com',
        path: '/ray?ed=2048',
      },
      tls: { security: 'tls', sni: 'cdn.example.com', alpn: 'h2,http/1.1', fp: 'chrome' },
    });
    expect(node.extra).toEqual([['allowInsecure', '0']]);
  });

  test('vmess, URL form', () => {
    const node = roundTrip(
      `vmess://${UUID}@1.2.3.4:8443?encryption=auto&security=tls&sni=a.example&type=grpc&serviceName=svc&mode=gun#grpc%20node`,
    );
    expect(node).toMatchObject({
      form: 'url',
      credentials: { id: UUID, cipher: 'auto' },
      transport: { network: 'grpc', serviceName: 'svc', mode: 'gun' },
      name: 'grpc node',
    });
  });

  test('vless with REALITY and the vision flow', () => {
    const node = roundTrip(
      `vless://${UUID}@203.0.113.9:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&fp=chrome&pbk=SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc&sid=6ba85179e30d4fc2&spx=%2F&type=tcp&headerType=none#JP%20Reality`,
    );
    expect(node).toMatchObject({
      type: 'vless',
      credentials: { id: UUID, encryption: 'none', flow: 'xtls-rprx-vision' },
      tls: {
        security: 'reality',
        sni: 'www.microsoft.com',
        fp: 'chrome',
        pbk: 'SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc',
        sid: '6ba85179e30d4fc2',
        spx: '/',
      },
      transport: { network: 'tcp', headerType: 'none' },
      extra: [],
    });
  });

  test('trojan over WebSocket, an IPv6 server, an unknown parameter kept in place', () => {
    const node = roundTrip(
      'trojan://p%40ss%3Aword@[2001:db8::1]:443?security=tls&sni=t.example&type=ws&path=%2Fws&allowInsecure=1&udp=true#US%201',
    );
    expect(node).toMatchObject({
      server: '2001:db8::1',
      credentials: { password: 'p@ss:word' },
      tls: { security: 'tls', sni: 't.example', insecure: '1' },
      transport: { network: 'ws', path: '/ws' },
      extra: [['udp', 'true']],
    });
    expect(shareLink(node)).toContain('@[2001:db8::1]:443');
  });

  test('ss: SIP002 with base64 user info and a plugin', () => {
    const userinfo = encodeBase64('chacha20-ietf-poly1305:pa:ss').replace(/=+$/, '');
    const node = roundTrip(
      `ss://${userinfo}@ss.example:8388/?plugin=obfs-local%3Bobfs%3Dhttp%3Bobfs-host%3Dexample.com#SS`,
    );
    expect(node).toMatchObject({
      form: 'sip002',
      credentials: { method: 'chacha20-ietf-poly1305', password: 'pa:ss' },
      transport: { plugin: 'obfs-local;obfs=http;obfs-host=example.com' },
    });
  });

  test('ss: a 2022-blake3 cipher with its key in plain text', () => {
    const link =
      'ss://2022-blake3-aes-128-gcm:5NgF%2B9eM8h4OnrTbHp%2B8UA%3D%3D%3Am8tbs5aKLYG7dN9f3xsiKA%3D%3D@example.com:80#ss2022';
    const node = roundTrip(link);
    expect(node.credentials).toEqual({
      method: '2022-blake3-aes-128-gcm',
      password: '5NgF+9eM8h4OnrTbHp+8UA==:m8tbs5aKLYG7dN9f3xsiKA==',
    });
    expect(shareLink(node)).toBe(link);
  });

  test('ss: the older all-base64 form stays in that form', () => {
    const node = roundTrip(`ss://${encodeBase64('aes-256-gcm:secret@198.51.100.7:8388')}#old`);
    expect(node).toMatchObject({
      form: 'legacy',
      server: '198.51.100.7',
      port: 8388,
      credentials: { method: 'aes-256-gcm', password: 'secret' },
      name: 'old',
    });
  });

  test('hysteria2 with port hopping and salamander obfs; hy2:// as written', () => {
    const node = roundTrip(
      'hy2://letmein@hy.example:443,20000-30000/?obfs=salamander&obfs-password=gawrgura&sni=hy.example&insecure=1&pinSHA256=AB%3ACD#Hy2',
    );
    expect(node).toMatchObject({
      type: 'hysteria2',
      form: 'hy2',
      port: 443,
      ports: '443,20000-30000',
      credentials: { password: 'letmein', obfs: 'salamander', obfsPassword: 'gawrgura' },
      tls: { sni: 'hy.example', insecure: '1', pinSHA256: 'AB:CD' },
    });
    expect(shareLink(node)).toMatch(/^hy2:\/\/letmein@hy\.example:443,20000-30000\?/);
  });

  test('tuic', () => {
    const node = roundTrip(
      `tuic://${UUID}:pass%20word@tuic.example:443?congestion_control=bbr&udp_relay_mode=native&alpn=h3&sni=tuic.example&allow_insecure=0#TUIC`,
    );
    expect(node).toMatchObject({
      credentials: { id: UUID, password: 'pass word' },
      transport: { congestionControl: 'bbr', udpRelayMode: 'native' },
      tls: { alpn: 'h3', sni: 'tuic.example', insecure: '0' },
    });
  });

  test('socks5 with v2rayN’s base64 user info, and https with a plain one', () => {
    const socks = roundTrip(`socks://${encodeBase64('alice:s3cret')}@10.0.0.2:1080#home`);
    expect(socks).toMatchObject({
      type: 'socks5',
      form: 'socks',
      credentials: { username: 'alice', password: 's3cret' },
    });
    const https = roundTrip('https://bob:pw@proxy.example:8443#office');
    expect(https).toMatchObject({ type: 'http', form: 'https', port: 8443 });
    expect(roundTrip('http://proxy.example:3128').credentials).toEqual({});
  });
});

describe('bad links say what is wrong', () => {
  test.each([
    ['not a link', /not a share link/],
    ['ssr://abc', /unsupported link type “ssr:\/\/”/],
    [
      `vless://${UUID}@host.example:70000`,
      /port must be a number from 1 to 65535 \(found “70000”\)/,
    ],
    [`vless://${UUID}@host.example`, /port .*found none/],
    [`trojan://pw@:443`, /server address is missing/],
    ['vless://host.example:443', /user id is missing/],
    ['vmess://%%%', /not base64/],
    [`vmess://${encodeBase64('hello')}`, /does not hold JSON/],
    [`vmess://${encodeBase64(JSON.stringify({ add: 'a.example', port: 1 }))}`, /user id/],
    ['ss://bm90LWEtcGFpcg@ss.example:1', /method:password/],
    [`tuic://${UUID}@tuic.example:443`, /password is missing/],
    ['trojan://pw@host.example:443#%E0%A4%A', /name: invalid percent-encoding/],
  ])('%s', (link, message) => {
    expect(() => parseShareLink(link)).toThrow(LinkError);
    expect(() => parseShareLink(link)).toThrow(message);
  });

  test('many links pasted at once: each line parsed or explained, with its number', () => {
    const results = parseShareLinks(
      `trojan://pw@a.example:443#A\n\n  ssr://nope  \r\nhy2://x@b.example:8443#B\n`,
    );
    expect(results.map((r) => [r.line, r.ok])).toEqual([
      [1, true],
      [3, false],
      [4, true],
    ]);
    expect(results[1]).toMatchObject({ ok: false, link: 'ssr://nope', error: /unsupported/ });
  });
});

// ---- Property: any node, written as a link and read again, is the same node ----

const text = fc.string({ minLength: 1, maxLength: 12 });
const host = fc.oneof(
  fc.domain(),
  fc.ipV4(),
  fc.ipV6().filter((ip) => !ip.includes('.')),
);
const port = fc.integer({ min: 1, max: 65535 });
const bag = (keys: readonly string[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, text])), { requiredKeys: [] }) as fc.Arbitrary<
    Record<string, string>
  >;
const extra = fc.array(fc.tuple(fc.constantFrom('udp', 'ed', 'x-note', 'mux'), text), {
  maxLength: 2,
});

function nodeOf(type: NodeType): fc.Arbitrary<ProxyNode> {
  const common = { name: fc.string({ maxLength: 16 }), server: host, port, extra };
  const transport = bag(['network', 'headerType', 'host', 'path', 'serviceName', 'mode']);
  const tls = bag(['security', 'sni', 'alpn', 'fp', 'insecure', 'pbk', 'sid', 'spx']);
  const none = fc.constant({});
  const record = (
    form: fc.Arbitrary<string>,
    credentials: fc.Arbitrary<Record<string, string>>,
    t: fc.Arbitrary<Record<string, string>> = transport,
    s: fc.Arbitrary<Record<string, string>> = tls,
  ) =>
    fc.record({
      ...common,
      type: fc.constant(type),
      form,
      ports: fc.constant(null),
      credentials,
      transport: t,
      tls: s,
    });
  switch (type) {
    case 'vmess':
      return fc
        .oneof(
          // The JSON form has a fixed set of keys (anything else it carries is kept in `extra`).
          record(
            fc.constant('json'),
            fc.record({ id: text, alterId: text, cipher: text }),
            bag(['network', 'headerType', 'host', 'path']),
            bag(['security', 'sni', 'alpn', 'fp']),
          ),
          record(
            fc.constant('url'),
            fc.record({ id: text, cipher: text }, { requiredKeys: ['id'] }),
          ),
        )
        .map((n) => ({
          ...n,
          // JSON objects hold one value per key: the last of a repeated extra key.
          extra: n.form === 'json' ? [...new Map(n.extra)] : n.extra,
        }));
    case 'vless':
      return record(
        fc.constant('vless'),
        fc.record({ id: text, encryption: text, flow: text }, { requiredKeys: ['id'] }),
      );
    case 'trojan':
      return record(fc.constant('trojan'), fc.record({ password: text }));
    case 'ss':
      return record(
        fc.constantFrom('sip002', 'legacy'),
        fc.record({
          method: fc.constantFrom(
            'aes-256-gcm',
            'chacha20-ietf-poly1305',
            '2022-blake3-aes-128-gcm',
          ),
          password: text,
        }),
        bag(['plugin']),
        none,
      );
    case 'hysteria2':
      return fc
        .tuple(
          record(
            fc.constantFrom('hysteria2', 'hy2'),
            fc.record(
              { password: text, obfs: text, obfsPassword: text },
              { requiredKeys: ['password'] },
            ),
            none,
            bag(['sni', 'insecure', 'pinSHA256', 'alpn']),
          ),
          fc.option(fc.integer({ min: 1, max: 65535 })),
        )
        .map(([n, to]) => ({
          ...n,
          ports: to === null ? null : `${n.port}-${Math.max(n.port, to)},${to}`,
        }));
    case 'tuic':
      return record(
        fc.constant('tuic'),
        fc.record({ id: text, password: text }),
        bag(['congestionControl', 'udpRelayMode', 'reduceRtt']),
        bag(['sni', 'alpn', 'insecure', 'disableSni']),
      );
    case 'socks5':
      return record(
        fc.constantFrom('socks5', 'socks'),
        fc.oneof(none, fc.record({ username: text, password: text })),
        none,
        none,
      );
    case 'http':
      return record(
        fc.constantFrom('http', 'https'),
        fc.oneof(none, fc.record({ username: text, password: text })),
        none,
        none,
      );
  }
}

test.each<NodeType>(['vmess', 'vless', 'trojan', 'ss', 'hysteria2', 'tuic', 'socks5', 'http'])(
  'a %s node makes a link that reads back as the same node',
  (type) => {
    fc.assert(
      fc.property(nodeOf(type), (node) => {
        expect(parseShareLink(shareLink(node))).toEqual(node);
      }),
      { numRuns: 300 },
    );
  },
);
