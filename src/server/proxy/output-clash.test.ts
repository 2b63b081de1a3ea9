import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { NODE_TYPES } from '../../lib/shared/proxy/node.ts';
import { parseShareLink } from '../../lib/shared/proxy/share-link.ts';
import { CLASH_AUTO, CLASH_SELECT, clashConfig } from './output-clash.ts';

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
/** One node of each type (two of some), as providers write them. */
const LINKS = [
  `vmess://${encodeBase64(JSON.stringify({ v: '2', ps: '🇭🇰 香港 ws', add: 'hk.example.com', port: '443', id: UUID, aid: '0', scy: 'auto', net: 'ws', host: 'cdn.example.com', path: '/ray?ed=2048', tls: 'tls' }))}`,
  `vless://${UUID}@203.0.113.9:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&pbk=PUBKEY&sid=6ba8&type=tcp#JP%20Reality`,
  'trojan://pw@t.example:443?security=tls&sni=t.example&type=grpc&serviceName=svc#HK-IPLC-2',
  `ss://${encodeBase64('aes-256-gcm:secret').replace(/=+$/, '')}@ss.example:8388/?plugin=obfs-local%3Bobfs%3Dhttp%3Bobfs-host%3Dexample.com#美国%20洛杉矶`,
  'hy2://letmein@hy.example:443,20000-30000/?obfs=salamander&obfs-password=gawr&sni=hy.example#US%202',
  `tuic://${UUID}:pw@tuic.example:443?congestion_control=bbr&alpn=h3#tuic`,
  'socks5://alice:pw@10.0.0.2:1080#yes',
  'https://bob:pw@proxy.example:8443#',
  // Same name twice, and names the config uses itself.
  'trojan://pw@t2.example:443#HK-IPLC-2',
  'trojan://pw@t3.example:443#DIRECT',
  `trojan://pw@t4.example:443#${encodeURIComponent(CLASH_SELECT)}`,
];
const KCP = `vmess://${UUID}@k.example:1?type=kcp#kcp`;

interface Config {
  proxies: { name: string; type: string }[];
  'proxy-groups': { name: string; type: string; proxies: string[]; url?: string }[];
  rules: string[];
  [key: string]: unknown;
}

function load(links: readonly string[]) {
  const made = clashConfig(links.map(parseShareLink), { title: 'Atrium <script>\nx: 1' });
  return { ...made, config: parse(made.text) as Config };
}

/** What mihomo checks on load: names unique, every reference resolves, no empty url-test. */
function expectLoadable(config: Config) {
  const proxies = config.proxies.map((p) => p.name);
  const groups = config['proxy-groups'].map((g) => g.name);
  const all = [...proxies, ...groups];
  expect(new Set(all).size).toBe(all.length);
  const known = new Set([...all, 'DIRECT', 'REJECT']);
  for (const group of config['proxy-groups']) {
    expect(group.proxies.length).toBeGreaterThan(0);
    for (const member of group.proxies)
      expect(known, `${group.name} → ${member}`).toContain(member);
  }
  for (const rule of config.rules) {
    const parts = rule.split(',');
    const target = parts[0] === 'MATCH' ? parts[1] : parts[2];
    expect(known, rule).toContain(target);
  }
  expect(config.rules.at(-1)).toBe(`MATCH,${CLASH_SELECT}`);
}

describe('a complete mihomo config', () => {
  test('the general settings, DNS and rules', () => {
    const { config, text } = load(LINKS);
    expect(config).toMatchObject({
      'mixed-port': 7890,
      'allow-lan': false,
      mode: 'rule',
      'log-level': 'info',
      ipv6: true,
      dns: {
        enable: true,
        'enhanced-mode': 'fake-ip',
        nameserver: expect.arrayContaining(['https://doh.pub/dns-query']),
        fallback: expect.arrayContaining(['https://1.1.1.1/dns-query']),
      },
    });
    expect(config.rules).toEqual(
      expect.arrayContaining(['IP-CIDR,192.168.0.0/16,DIRECT,no-resolve', 'GEOIP,CN,DIRECT']),
    );
    // The title is a comment: its line break cannot start a key.
    expect(text.split('\n')[0]).toBe('# Atrium <script> x: 1');
    expect(config.x).toBeUndefined();
  });

  test('every node type is a proxy; names are unique and every reference resolves', () => {
    const { config, skipped } = load(LINKS);
    expect(skipped).toEqual([]);
    expect(new Set(config.proxies.map((p) => p.type))).toEqual(new Set(NODE_TYPES));
    expect(config.proxies.map((p) => p.name)).toEqual([
      '🇭🇰 香港 ws',
      'JP Reality',
      'HK-IPLC-2',
      '美国 洛杉矶',
      'US 2',
      'tuic',
      'yes',
      'http proxy.example:8443',
      'HK-IPLC-2 2',
      'DIRECT 2',
      `${CLASH_SELECT} 2`,
    ]);
    expectLoadable(config);
  });

  test('the groups: manual first, then automatic, then one per region present', () => {
    const { config } = load(LINKS);
    const names = config.proxies.map((p) => p.name);
    const [select, auto, ...regions] = config['proxy-groups'];
    expect(select).toEqual({
      name: CLASH_SELECT,
      type: 'select',
      proxies: [
        CLASH_AUTO,
        '🇭🇰 香港 Hong Kong',
        '🇺🇸 美国 United States',
        '🇯🇵 日本 Japan',
        ...names,
        'DIRECT',
      ],
    });
    expect(auto).toEqual({
      name: CLASH_AUTO,
      type: 'url-test',
      proxies: names,
      url: 'https://www.gstatic.com/generate_204',
      interval: 300,
      tolerance: 50,
    });
    expect(regions.map((g) => [g.name, g.type, g.proxies])).toEqual([
      ['🇭🇰 香港 Hong Kong', 'url-test', ['🇭🇰 香港 ws', 'HK-IPLC-2', 'HK-IPLC-2 2']],
      ['🇺🇸 美国 United States', 'url-test', ['美国 洛杉矶', 'US 2']],
      ['🇯🇵 日本 Japan', 'url-test', ['JP Reality']],
    ]);
  });

  test('a node mihomo cannot use is skipped with the reason, the rest still loads', () => {
    const { config, skipped } = load([KCP, LINKS[2] ?? '']);
    expect(skipped).toEqual([
      { name: 'kcp', reason: expect.stringMatching(/ \/ mihomo has no kcp transport$/) },
    ]);
    expect(config.proxies.map((p) => p.name)).toEqual(['HK-IPLC-2']);
    expectLoadable(config);
  });

  test.each([[[]], [[KCP]]])('with no usable node it still loads: DIRECT only (%#)', (links) => {
    const { config } = load(links);
    expect(config.proxies).toEqual([]);
    expect(config['proxy-groups']).toEqual([
      { name: CLASH_SELECT, type: 'select', proxies: ['DIRECT'] },
    ]);
    expectLoadable(config);
  });
});
