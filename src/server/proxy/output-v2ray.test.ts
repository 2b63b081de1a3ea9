import { expect, test } from 'vitest';
import { decodeBase64, encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { parseShareLink, parseShareLinks } from '../../lib/shared/proxy/share-link.ts';
import { v2rayText } from './output-v2ray.ts';

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
const LINKS = [
  `vmess://${encodeBase64(JSON.stringify({ v: '2', ps: '🇭🇰 香港 ws', add: 'hk.example.com', port: '443', id: UUID, aid: '0', scy: 'auto', net: 'ws', host: 'cdn.example.com', path: '/ray?ed=2048', tls: 'tls' }))}`,
  `vmess://${UUID}@1.2.3.4:8443?encryption=auto&security=tls&type=grpc&serviceName=svc#grpc`,
  `vless://${UUID}@203.0.113.9:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&pbk=PUBKEY&sid=6ba8&type=tcp#JP%20Reality`,
  'trojan://pw@t.example:443?security=tls&sni=t.example&type=grpc&serviceName=svc#tg',
  `ss://${encodeBase64('aes-256-gcm:secret').replace(/=+$/, '')}@ss.example:8388/?plugin=obfs-local%3Bobfs%3Dhttp%3Bobfs-host%3Dexample.com#ss`,
  'ss://2022-blake3-aes-128-gcm:YctPZ6U7xPPcU%2Bgp3u%2B0tx%2FtRizJN9K8y%2BuKlW2qjlI%3D@[2001:db8::5]:8388#ss%202022',
  'hy2://letmein@hy.example:443,20000-30000/?obfs=salamander&obfs-password=gawr&sni=hy.example#hy',
  `tuic://${UUID}:pw@tuic.example:443?congestion_control=bbr&alpn=h3#t`,
  'socks5://alice:pw@10.0.0.2:1080#s',
  'https://bob:pw@proxy.example:8443#h',
];

test('base64 of the share links, one per line, reads back as the same nodes', () => {
  const nodes = LINKS.map(parseShareLink);
  const text = v2rayText(nodes);
  expect(text).toMatch(/^[A-Za-z0-9+/]+=*$/);
  const lines = parseShareLinks(decodeBase64(text) ?? '');
  expect(lines.every((line) => line.ok)).toBe(true);
  expect(lines.map((line) => (line.ok ? line.node : null))).toEqual(nodes);
});

test('no nodes: an empty subscription', () => {
  expect(v2rayText([])).toBe('');
});
