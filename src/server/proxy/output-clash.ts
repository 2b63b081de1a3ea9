/**
 * The subscription as a complete mihomo (Clash Meta) config, loaded as is: a local mixed port,
 * fake-IP DNS over DoH, the nodes, a manual group, an automatic one, one per region, and rules
 * that send private addresses and China direct and everything else through the manual group
 * (https://wiki.metacubex.one/config/).
 */
import { Document } from 'yaml';
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { clashProxy } from './client-formats.ts';
import { REGION_GROUP_NAMES, regionGroups, uniqueNames, type Skipped } from './output-names.ts';

export const CLASH_SELECT = '🚀 节点选择 Proxy';
export const CLASH_AUTO = '⚡ 自动选择 Auto';
/** mihomo's own policies: a proxy of that name would shadow them. */
const BUILT_IN = ['DIRECT', 'REJECT', 'REJECT-DROP', 'PASS', 'COMPATIBLE', 'GLOBAL'];

const URL_TEST = { url: 'https://www.gstatic.com/generate_204', interval: 300, tolerance: 50 };

const DNS = {
  enable: true,
  ipv6: false,
  'enhanced-mode': 'fake-ip',
  'fake-ip-range': '198.18.0.1/16',
  'fake-ip-filter': ['*.lan', '+.local', '+.msftconnecttest.com', '+.msftncsi.com'],
  // Plain IPs: they resolve the DoH servers' own names.
  'default-nameserver': ['223.5.5.5', '119.29.29.29'],
  nameserver: ['https://doh.pub/dns-query', 'https://dns.alidns.com/dns-query'],
  fallback: ['https://1.1.1.1/dns-query', 'https://1.0.0.1/dns-query'],
  'fallback-filter': { geoip: true, 'geoip-code': 'CN', ipcidr: ['240.0.0.0/4'] },
};

/** Private and local addresses, then China, go direct; `no-resolve` keeps names unresolved. */
const DIRECT_RULES = [
  'DOMAIN-SUFFIX,local,DIRECT',
  'DOMAIN-SUFFIX,lan,DIRECT',
  'IP-CIDR,127.0.0.0/8,DIRECT,no-resolve',
  'IP-CIDR,10.0.0.0/8,DIRECT,no-resolve',
  'IP-CIDR,100.64.0.0/10,DIRECT,no-resolve',
  'IP-CIDR,169.254.0.0/16,DIRECT,no-resolve',
  'IP-CIDR,172.16.0.0/12,DIRECT,no-resolve',
  'IP-CIDR,192.168.0.0/16,DIRECT,no-resolve',
  'IP-CIDR6,::1/128,DIRECT,no-resolve',
  'IP-CIDR6,fc00::/7,DIRECT,no-resolve',
  'IP-CIDR6,fe80::/10,DIRECT,no-resolve',
  'GEOIP,CN,DIRECT',
];

export function clashConfig(
  nodes: readonly ProxyNode[],
  options: { title: string },
): { text: string; skipped: Skipped[] } {
  const proxies: Record<string, unknown>[] = [];
  const skipped: Skipped[] = [];
  const reserved = [CLASH_SELECT, CLASH_AUTO, ...REGION_GROUP_NAMES, ...BUILT_IN];
  for (const node of uniqueNames(nodes, reserved)) {
    const made = clashProxy(node, node.name);
    if (made.ok) proxies.push(made.value);
    else skipped.push({ name: node.name, reason: `mihomo 无法使用此节点 / ${made.reason}` });
  }
  const names = proxies.map((proxy) => String(proxy.name));
  // A url-test group without proxies does not load: groups are only made for members.
  const regions = regionGroups(names);
  const auto =
    names.length === 0 ? [] : [{ name: CLASH_AUTO, type: 'url-test', proxies: names, ...URL_TEST }];
  const groups = [
    {
      name: CLASH_SELECT,
      type: 'select',
      proxies: [...auto.map((g) => g.name), ...regions.map((r) => r.name), ...names, 'DIRECT'],
    },
    ...auto,
    ...regions.map((r) => ({ name: r.name, type: 'url-test', proxies: r.members, ...URL_TEST })),
  ];
  const doc = new Document(
    {
      'mixed-port': 7890,
      'allow-lan': false,
      mode: 'rule',
      'log-level': 'info',
      ipv6: true,
      dns: DNS,
      proxies,
      'proxy-groups': groups,
      rules: [...DIRECT_RULES, `MATCH,${CLASH_SELECT}`],
    },
    // YAML 1.1 quoting: `yes`, `on`, `0x1f` and `1:2` stay strings for every reader.
    { version: '1.1' },
  );
  doc.commentBefore = ` ${options.title.replace(/\s+/g, ' ')}`;
  return { text: doc.toString({ lineWidth: 0 }), skipped };
}
