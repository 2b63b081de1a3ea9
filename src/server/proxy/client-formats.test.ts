import { describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { parseShareLink } from '../../lib/shared/proxy/share-link.ts';
import { clashProxy, singBoxOutbound } from './client-formats.ts';

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
const node = (link: string) => parseShareLink(link);

const REALITY = `vless://${UUID}@203.0.113.9:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&pbk=PUBKEY&sid=6ba8&type=tcp#r`;
const VMESS_WS = `vmess://${encodeBase64(JSON.stringify({ v: '2', ps: 'ws', add: 'hk.example.com', port: '443', id: UUID, aid: '0', scy: 'auto', net: 'ws', host: 'cdn.example.com', path: '/ray?ed=2048', tls: 'tls', sni: 'cdn.example.com', alpn: 'h2,http/1.1', fp: 'chrome' }))}`;
const HY2 =
  'hy2://letmein@hy.example:443,20000-30000/?obfs=salamander&obfs-password=gawr&sni=hy.example&insecure=1#hy';
const TUIC = `tuic://${UUID}:pw@tuic.example:443?congestion_control=bbr&udp_relay_mode=native&alpn=h3&sni=tuic.example#t`;
const SS_OBFS = `ss://${encodeBase64('aes-256-gcm:secret').replace(/=+$/, '')}@ss.example:8388/?plugin=obfs-local%3Bobfs%3Dhttp%3Bobfs-host%3Dexample.com#ss`;
const TROJAN_GRPC =
  'trojan://pw@t.example:443?security=tls&sni=t.example&type=grpc&serviceName=svc&allowInsecure=1#tg';

describe('mihomo proxies', () => {
  test.each([
    [
      REALITY,
      {
        name: 'r',
        type: 'vless',
        server: '203.0.113.9',
        port: 443,
        uuid: UUID,
        flow: 'xtls-rprx-vision',
        udp: true,
        tls: true,
        servername: 'www.microsoft.com',
        'client-fingerprint': 'chrome',
        'reality-opts': { 'public-key': 'PUBKEY', 'short-id': '6ba8' },
      },
    ],
    [
      VMESS_WS,
      {
        name: 'ws',
        type: 'vmess',
        server: 'hk.example.com',
        port: 443,
        uuid: UUID,
        alterId: 0,
        cipher: 'auto',
        udp: true,
        tls: true,
        servername: 'cdn.example.com',
        alpn: ['h2', 'http/1.1'],
        'client-fingerprint': 'chrome',
        network: 'ws',
        'ws-opts': {
          path: '/ray',
          headers: { Host: 'cdn.example.com' },
          'max-early-data': 2048,
          'early-data-header-name': 'Sec-WebSocket-Protocol',
        },
      },
    ],
    [
      TROJAN_GRPC,
      {
        name: 'tg',
        type: 'trojan',
        server: 't.example',
        port: 443,
        password: 'pw',
        udp: true,
        sni: 't.example',
        'skip-cert-verify': true,
        network: 'grpc',
        'grpc-opts': { 'grpc-service-name': 'svc' },
      },
    ],
    [
      HY2,
      {
        name: 'hy',
        type: 'hysteria2',
        server: 'hy.example',
        port: 443,
        ports: '443,20000-30000',
        password: 'letmein',
        obfs: 'salamander',
        'obfs-password': 'gawr',
        sni: 'hy.example',
        'skip-cert-verify': true,
      },
    ],
    [
      SS_OBFS,
      {
        name: 'ss',
        type: 'ss',
        server: 'ss.example',
        port: 8388,
        cipher: 'aes-256-gcm',
        password: 'secret',
        udp: true,
        plugin: 'obfs',
        'plugin-opts': { mode: 'http', host: 'example.com' },
      },
    ],
  ])('%s', (link, expected) => {
    const made = clashProxy(node(link), expected.name);
    expect(made).toEqual({ ok: true, value: expected });
    // What mihomo reads: YAML, the same after a round trip.
    if (made.ok)
      expect(parse(stringify({ proxies: [made.value] }))).toEqual({ proxies: [expected] });
  });
});

describe('sing-box outbounds', () => {
  test.each([
    [
      REALITY,
      {
        type: 'vless',
        uuid: UUID,
        flow: 'xtls-rprx-vision',
        tag: 'r',
        server: '203.0.113.9',
        server_port: 443,
        tls: {
          enabled: true,
          server_name: 'www.microsoft.com',
          utls: { enabled: true, fingerprint: 'chrome' },
          reality: { enabled: true, public_key: 'PUBKEY', short_id: '6ba8' },
        },
      },
    ],
    [
      VMESS_WS,
      {
        type: 'vmess',
        uuid: UUID,
        security: 'auto',
        alter_id: 0,
        tag: 'ws',
        server: 'hk.example.com',
        server_port: 443,
        tls: {
          enabled: true,
          server_name: 'cdn.example.com',
          alpn: ['h2', 'http/1.1'],
          utls: { enabled: true, fingerprint: 'chrome' },
        },
        transport: {
          type: 'ws',
          path: '/ray',
          headers: { Host: 'cdn.example.com' },
          max_early_data: 2048,
          early_data_header_name: 'Sec-WebSocket-Protocol',
        },
      },
    ],
    [
      HY2,
      {
        type: 'hysteria2',
        tag: 'hy',
        server: 'hy.example',
        server_port: 443,
        server_ports: ['443:443', '20000:30000'],
        password: 'letmein',
        obfs: { type: 'salamander', password: 'gawr' },
        tls: { enabled: true, server_name: 'hy.example', insecure: true },
      },
    ],
    [
      TUIC,
      {
        type: 'tuic',
        tag: 't',
        server: 'tuic.example',
        server_port: 443,
        uuid: UUID,
        password: 'pw',
        congestion_control: 'bbr',
        udp_relay_mode: 'native',
        tls: { enabled: true, server_name: 'tuic.example', alpn: ['h3'] },
      },
    ],
    [
      SS_OBFS,
      {
        type: 'shadowsocks',
        tag: 'ss',
        server: 'ss.example',
        server_port: 8388,
        method: 'aes-256-gcm',
        password: 'secret',
        plugin: 'obfs-local',
        plugin_opts: 'obfs=http;obfs-host=example.com',
      },
    ],
    [
      `socks://${encodeBase64('alice:pw')}@10.0.0.2:1080#s`,
      {
        type: 'socks',
        tag: 's',
        server: '10.0.0.2',
        server_port: 1080,
        version: '5',
        username: 'alice',
        password: 'pw',
      },
    ],
  ])('%s', (link, expected) => {
    expect(singBoxOutbound(node(link), expected.tag)).toEqual({ ok: true, value: expected });
  });
});

test.each([
  [`vmess://${UUID}@k.example:1?type=kcp#k`, /no kcp transport/, /no kcp transport/],
  [
    'ss://YWVzLTI1Ni1nY206cw@s.example:1/?plugin=kcptun%3Bkey%3Dx#p',
    /no Shadowsocks plugin kcptun/,
    /no Shadowsocks plugin kcptun/,
  ],
])('%s is reported, not guessed', (link, clash, singBox) => {
  const n = node(link);
  expect(clashProxy(n, 'x')).toMatchObject({ ok: false, reason: expect.stringMatching(clash) });
  expect(singBoxOutbound(n, 'x')).toMatchObject({
    ok: false,
    reason: expect.stringMatching(singBox),
  });
});
