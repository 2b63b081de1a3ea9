import { describe, expect, test } from 'vitest';
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { parseShareLink } from '../../lib/shared/proxy/share-link.ts';
import { SING_BOX_AUTO, SING_BOX_SELECT, singBoxProfile } from './output-sing-box.ts';

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
/** One node of each type, as providers write them, and names the profile uses itself. */
const LINKS = [
  `vmess://${encodeBase64(JSON.stringify({ v: '2', ps: '🇭🇰 香港 ws', add: 'hk.example.com', port: '443', id: UUID, aid: '0', scy: 'auto', net: 'ws', host: 'cdn.example.com', path: '/ray?ed=2048', tls: 'tls' }))}`,
  `vless://${UUID}@203.0.113.9:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&pbk=PUBKEY&sid=6ba8&type=tcp#JP%20Reality`,
  'trojan://pw@t.example:443?security=tls&sni=t.example&type=grpc&serviceName=svc#HK-IPLC-2',
  `ss://${encodeBase64('aes-256-gcm:secret').replace(/=+$/, '')}@ss.example:8388/?plugin=obfs-local%3Bobfs%3Dhttp%3Bobfs-host%3Dexample.com#美国%20洛杉矶`,
  'hy2://letmein@hy.example:443,20000-30000/?obfs=salamander&obfs-password=gawr&sni=hy.example#US%202',
  `tuic://${UUID}:pw@tuic.example:443?congestion_control=bbr&alpn=h3#tuic`,
  'socks5://alice:pw@10.0.0.2:1080#s',
  'https://bob:pw@proxy.example:8443#',
  'trojan://pw@t2.example:443#HK-IPLC-2',
  'trojan://pw@t3.example:443#direct',
  'trojan://pw@t4.example:443#proxy',
];
const KCP = `vmess://${UUID}@k.example:1?type=kcp#kcp`;

interface Outbound {
  type: string;
  tag: string;
  outbounds?: string[];
  default?: string;
  [key: string]: unknown;
}
interface Profile {
  dns: { servers: { type: string; tag: string; detour?: string }[]; final: string };
  inbounds: Record<string, unknown>[];
  outbounds: Outbound[];
  route: {
    rules: Record<string, unknown>[];
    final: string;
    default_domain_resolver: string;
    auto_detect_interface: boolean;
  };
}

function load(links: readonly string[]) {
  const made = singBoxProfile(links.map(parseShareLink), { title: 'Atrium' });
  return { ...made, profile: JSON.parse(made.text) as Profile };
}

/** What sing-box checks on start: tags unique, every tag named is defined, no empty group. */
function expectLoadable(profile: Profile) {
  const outbounds = profile.outbounds.map((o) => o.tag);
  const servers = profile.dns.servers.map((s) => s.tag);
  expect(new Set(outbounds).size).toBe(outbounds.length);
  expect(new Set(servers).size).toBe(servers.length);
  for (const group of profile.outbounds.filter((o) => o.outbounds !== undefined)) {
    expect(group.outbounds?.length, group.tag).toBeGreaterThan(0);
    for (const member of group.outbounds ?? []) expect(outbounds, group.tag).toContain(member);
    if (group.default !== undefined) expect(group.outbounds).toContain(group.default);
  }
  expect(outbounds).toContain(profile.route.final);
  for (const rule of profile.route.rules) {
    if (rule.outbound !== undefined) expect(outbounds).toContain(rule.outbound);
  }
  for (const server of profile.dns.servers) {
    if (server.detour !== undefined) expect(outbounds).toContain(server.detour);
  }
  expect(servers).toContain(profile.dns.final);
  expect(servers).toContain(profile.route.default_domain_resolver);
  // Removed in 1.11–1.13: special outbounds, legacy DNS servers, sniffing on inbounds.
  expect(profile.outbounds.filter((o) => ['dns', 'block'].includes(o.type))).toEqual([]);
  expect(profile.dns.servers.filter((s) => 'address' in s)).toEqual([]);
  expect(profile.inbounds.filter((i) => 'sniff' in i || 'inet4_address' in i)).toEqual([]);
}

describe('a complete sing-box 1.12 profile', () => {
  test('DNS, inbounds and route in the new format', () => {
    const { profile, text } = load(LINKS);
    expect(text.endsWith('}\n')).toBe(true);
    expect(profile.dns).toEqual({
      servers: [
        { type: 'https', tag: 'dns-remote', server: '1.1.1.1', detour: SING_BOX_SELECT },
        { type: 'local', tag: 'dns-local' },
      ],
      final: 'dns-remote',
    });
    expect(profile.inbounds).toEqual([
      { type: 'mixed', tag: 'mixed-in', listen: '127.0.0.1', listen_port: 2080 },
      {
        type: 'tun',
        tag: 'tun-in',
        address: ['172.19.0.1/30', 'fdfe:dcba:9876::1/126'],
        auto_route: true,
        strict_route: true,
      },
    ]);
    expect(profile.route).toEqual({
      rules: [
        { action: 'sniff' },
        { protocol: 'dns', action: 'hijack-dns' },
        { ip_is_private: true, outbound: 'direct' },
      ],
      final: SING_BOX_SELECT,
      auto_detect_interface: true,
      default_domain_resolver: 'dns-local',
    });
  });

  test('every node type is an outbound; tags are unique and every reference resolves', () => {
    const { profile, skipped } = load(LINKS);
    expect(skipped).toEqual([]);
    const nodes = profile.outbounds.filter(
      (o) => !['selector', 'urltest', 'direct'].includes(o.type),
    );
    expect(new Set(nodes.map((o) => o.type))).toEqual(
      new Set(['vmess', 'vless', 'trojan', 'shadowsocks', 'hysteria2', 'tuic', 'socks', 'http']),
    );
    expect(nodes.map((o) => o.tag)).toEqual([
      '🇭🇰 香港 ws',
      'JP Reality',
      'HK-IPLC-2',
      '美国 洛杉矶',
      'US 2',
      'tuic',
      's',
      'http proxy.example:8443',
      'HK-IPLC-2 2',
      'direct 2',
      'proxy 2',
    ]);
    expectLoadable(profile);
  });

  test('the groups: the selector, the automatic one, one per region present, then direct', () => {
    const { profile } = load(LINKS);
    const nodes = profile.outbounds
      .filter((o) => !['selector', 'urltest', 'direct'].includes(o.type))
      .map((o) => o.tag);
    const regions = ['🇭🇰 香港 Hong Kong', '🇺🇸 美国 United States', '🇯🇵 日本 Japan'];
    const urlTest = { url: 'https://www.gstatic.com/generate_204', interval: '3m' };
    expect(profile.outbounds.slice(0, 5)).toEqual([
      {
        type: 'selector',
        tag: SING_BOX_SELECT,
        outbounds: [SING_BOX_AUTO, ...regions, ...nodes, 'direct'],
        default: SING_BOX_AUTO,
      },
      { type: 'urltest', tag: SING_BOX_AUTO, outbounds: nodes, ...urlTest },
      {
        type: 'urltest',
        tag: regions[0],
        outbounds: ['🇭🇰 香港 ws', 'HK-IPLC-2', 'HK-IPLC-2 2'],
        ...urlTest,
      },
      { type: 'urltest', tag: regions[1], outbounds: ['美国 洛杉矶', 'US 2'], ...urlTest },
      { type: 'urltest', tag: regions[2], outbounds: ['JP Reality'], ...urlTest },
    ]);
    expect(profile.outbounds.at(-1)).toEqual({ type: 'direct', tag: 'direct' });
  });

  test('a node sing-box cannot use is skipped with the reason, the rest still loads', () => {
    const { profile, skipped } = load([KCP, LINKS[2] ?? '']);
    expect(skipped).toEqual([
      { name: 'kcp', reason: expect.stringMatching(/ \/ sing-box has no kcp transport$/) },
    ]);
    expect(profile.outbounds.map((o) => o.tag)).toContain('HK-IPLC-2');
    expectLoadable(profile);
  });

  test.each([[[]], [[KCP]]])('with no usable node it still loads: direct only (%#)', (links) => {
    const { profile } = load(links);
    expect(profile.outbounds).toEqual([
      { type: 'selector', tag: SING_BOX_SELECT, outbounds: ['direct'], default: 'direct' },
      { type: 'direct', tag: 'direct' },
    ]);
    expectLoadable(profile);
  });
});
