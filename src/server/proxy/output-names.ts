/**
 * Names in a client config: Clash/mihomo proxies and sing-box outbounds are referred to by name,
 * so each must be non-empty and unique among the nodes and the config's own groups; and the
 * per-region groups both configs offer.
 */
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { REGIONS, flagOf, regionOf, type Region } from '../../lib/shared/proxy/region.ts';

/** A node a client config leaves out, and why (`中文 / English`). */
export interface Skipped {
  readonly name: string;
  readonly reason: string;
}

/** A region's group: `🇭🇰 香港 Hong Kong`. */
export const regionGroupName = (region: Region): string =>
  `${flagOf(region.code)} ${region.zh} ${region.en}`;

/** The name of every region group a config may hold (for `uniqueNames`' `reserved`). */
export const REGION_GROUP_NAMES: readonly string[] = REGIONS.map(regionGroupName);

/** One group per region some name points to, in REGIONS' order, with its names in theirs. */
export function regionGroups(names: readonly string[]): { name: string; members: string[] }[] {
  const members = new Map<Region, string[]>();
  for (const name of names) {
    const region = regionOf(name);
    if (region !== null) members.set(region, [...(members.get(region) ?? []), name]);
  }
  return REGIONS.flatMap((region) => {
    const list = members.get(region);
    return list === undefined ? [] : [{ name: regionGroupName(region), members: list }];
  });
}

/** The name a node without one is shown under: `vless 203.0.113.9:443`, `ss [2001:db8::1]:8388`. */
function fallbackName(node: ProxyNode): string {
  const host = node.server.includes(':') ? `[${node.server}]` : node.server;
  return `${node.type} ${host}:${node.port}`;
}

/**
 * The nodes, renamed where needed: an empty name becomes `type server:port`, and a name already
 * taken (by an earlier node or by one of `reserved`, the config's group names) gets ` 2`, ` 3`, …
 * — skipping suffixed names that a later node carries itself, so that node keeps its own.
 */
export function uniqueNames(
  nodes: readonly ProxyNode[],
  reserved: readonly string[] = [],
): ProxyNode[] {
  const wanted = nodes.map((node) => (node.name.trim() === '' ? fallbackName(node) : node.name));
  const everyWanted = new Set(wanted);
  const taken = new Set(reserved);
  return nodes.map((node, i) => {
    const base = wanted[i] ?? '';
    let name = base;
    for (let n = 2; taken.has(name) || (name !== base && everyWanted.has(name)); n++) {
      name = `${base} ${n}`;
    }
    taken.add(name);
    return name === node.name ? node : { ...node, name };
  });
}
