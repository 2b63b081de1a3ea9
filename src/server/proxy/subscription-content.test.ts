import { expect, test } from 'vitest';
import { stringify } from 'yaml';
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { LinkError, parseShareLink } from '../../lib/shared/proxy/share-link.ts';
import { clashProxy, singBoxOutbound } from './client-formats.ts';
import { readSubscription } from './subscription-content.ts';

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
const LINKS = [
  `vless://${UUID}@203.0.113.9:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&fp=chrome&pbk=PUBKEY&sid=6ba8&type=tcp#🇯🇵 Reality`,
  `vmess://${UUID}@hk.example.com:443?encryption=auto&security=tls&sni=cdn.example.com&alpn=h2,http/1.1&type=ws&host=cdn.example.com&path=%2Fray%3Fed%3D2048#香港 ws`,
  'trojan://pw@t.example:443?security=tls&sni=t.example&type=grpc&serviceName=svc&allowInsecure=1#trojan grpc',
  `ss://${encodeBase64('aes-256-gcm:secret').replace(/=+$/, '')}@ss.example:8388/?plugin=obfs-local%3Bobfs%3Dhttp%3Bobfs-host%3Dexample.com#ss obfs`,
  'hy2://letmein@hy.example:443,20000-30000?obfs=salamander&obfs-password=gawr&sni=hy.example&insecure=1#hy2',
  `tuic://${UUID}:pw@tuic.example:443?congestion_control=bbr&udp_relay_mode=native&reduce_rtt=1&alpn=h3&sni=tuic.example#tuic`,
  'socks5://alice:s3cret@10.0.0.2:1080#socks',
  'https://bob:pw@proxy.example:8443#https',
];
const nodes = LINKS.map(parseShareLink);

test('base64 of share links (v2rayN’s format): each line read, a bad one reported', () => {
  const read = readSubscription(encodeBase64([...LINKS, 'ssr://nope'].join('\n')));
  expect(read.format).toBe('base64');
  expect(read.nodes).toEqual(nodes);
  expect(read.problems).toEqual([
    { entry: `line ${LINKS.length + 1}`, error: expect.stringMatching(/unsupported/) },
  ]);
});

test('plain share links, one per line', () => {
  const read = readSubscription(`\uFEFF${LINKS.join('\r\n')}\r\n`);
  expect(read.format).toBe('links');
  expect(read.nodes).toEqual(nodes);
});

test('a Clash/mihomo config: its proxies, as mihomo would use them again', () => {
  const proxies = nodes.map((n) => {
    const made = clashProxy(n, n.name);
    if (!made.ok) throw new Error(made.reason);
    return made.value;
  });
  const config = stringify({
    'mixed-port': 7890,
    proxies: [...proxies, { name: 'broken', type: 'vless', server: 'x.example', port: 'none' }],
    'proxy-groups': [{ name: 'PROXY', type: 'select', proxies: proxies.map((p) => p.name) }],
  });
  const read = readSubscription(config);
  expect(read.format).toBe('clash');
  expect(read.problems).toEqual([{ entry: 'broken', error: expect.stringMatching(/port/) }]);
  const again = read.nodes.map((n) => clashProxy(n, n.name));
  expect(again).toEqual(proxies.map((value) => ({ ok: true, value })));
});

test('a sing-box profile: its proxy outbounds (not selectors or direct), as sing-box would use them again', () => {
  const outbounds = nodes.map((n) => {
    const made = singBoxOutbound(n, n.name);
    if (!made.ok) throw new Error(made.reason);
    return made.value;
  });
  const profile = JSON.stringify({
    outbounds: [
      { type: 'selector', tag: 'proxy', outbounds: outbounds.map((o) => o.tag) },
      ...outbounds,
      { type: 'direct', tag: 'direct' },
    ],
  });
  const read = readSubscription(profile);
  expect(read.format).toBe('sing-box');
  expect(read.problems).toEqual([]);
  expect(read.nodes.map((n) => n.name)).toEqual(nodes.map((n) => n.name));
  const again = read.nodes.map((n) => singBoxOutbound(n, n.name));
  expect(again).toEqual(outbounds.map((value) => ({ ok: true, value })));
});

test.each([
  ['<html>Sign in</html>', /none of/],
  ['{"outbound": []}', /no `outbounds`/],
  ['{not json', /not valid JSON/],
  ['proxies: nope', /none of/],
])('%s is refused with what it is not', (body, message) => {
  expect(() => readSubscription(body)).toThrow(LinkError);
  expect(() => readSubscription(body)).toThrow(message);
});
