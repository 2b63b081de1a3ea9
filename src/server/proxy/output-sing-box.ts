/**
 * The subscription as a complete sing-box profile in the 1.12+ format: the new DNS servers
 * (`type`/`server`), rule actions instead of the removed `dns`/`block` outbounds and inbound sniff
 * fields, and `route.default_domain_resolver` for node addresses given by name
 * (https://sing-box.sagernet.org/configuration/, docs/migration.md of sing-box).
 */
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { singBoxOutbound } from './client-formats.ts';
import { REGION_GROUP_NAMES, regionGroups, uniqueNames, type Skipped } from './output-names.ts';

export const SING_BOX_SELECT = 'proxy';
export const SING_BOX_AUTO = 'auto';
const DIRECT = 'direct';

const URL_TEST = { url: 'https://www.gstatic.com/generate_204', interval: '3m' };

const DNS = {
  servers: [
    // By IP, through the selected node: no name to resolve, no lookup seen on the local network.
    { type: 'https', tag: 'dns-remote', server: '1.1.1.1', detour: SING_BOX_SELECT },
    { type: 'local', tag: 'dns-local' },
  ],
  final: 'dns-remote',
};

const INBOUNDS = [
  { type: 'mixed', tag: 'mixed-in', listen: '127.0.0.1', listen_port: 2080 },
  {
    type: 'tun',
    tag: 'tun-in',
    address: ['172.19.0.1/30', 'fdfe:dcba:9876::1/126'],
    auto_route: true,
    strict_route: true,
  },
];

const ROUTE = {
  rules: [
    { action: 'sniff' },
    { protocol: 'dns', action: 'hijack-dns' },
    { ip_is_private: true, outbound: DIRECT },
  ],
  final: SING_BOX_SELECT,
  auto_detect_interface: true,
  // Node servers given by name are looked up directly, not through the tunnel they open.
  default_domain_resolver: 'dns-local',
};

/**
 * The profile, and the nodes sing-box cannot use. The title is not written: sing-box rejects
 * unknown fields and JSON has no comments; the import link names the profile instead.
 */
export function singBoxProfile(
  nodes: readonly ProxyNode[],
  _options: { title: string },
): { text: string; skipped: Skipped[] } {
  const outbounds: Record<string, unknown>[] = [];
  const skipped: Skipped[] = [];
  const reserved = [SING_BOX_SELECT, SING_BOX_AUTO, DIRECT, ...REGION_GROUP_NAMES];
  for (const node of uniqueNames(nodes, reserved)) {
    const made = singBoxOutbound(node, node.name);
    if (made.ok) outbounds.push(made.value);
    else skipped.push({ name: node.name, reason: `sing-box 无法使用此节点 / ${made.reason}` });
  }
  const tags = outbounds.map((outbound) => String(outbound.tag));
  // A urltest with no outbounds does not start: groups are only made for members.
  const regions = regionGroups(tags).map((region) => ({
    type: 'urltest',
    tag: region.name,
    outbounds: region.members,
    ...URL_TEST,
  }));
  const auto =
    tags.length === 0
      ? []
      : [{ type: 'urltest', tag: SING_BOX_AUTO, outbounds: tags, ...URL_TEST }];
  const members = [...auto, ...regions].map((group) => group.tag);
  const profile = {
    log: { level: 'info', timestamp: true },
    dns: DNS,
    inbounds: INBOUNDS,
    outbounds: [
      {
        type: 'selector',
        tag: SING_BOX_SELECT,
        outbounds: [...members, ...tags, DIRECT],
        default: members[0] ?? DIRECT,
      },
      ...auto,
      ...regions,
      ...outbounds,
      { type: 'direct', tag: DIRECT },
    ],
    route: ROUTE,
  };
  return { text: `${JSON.stringify(profile, null, 2)}\n`, skipped };
}
