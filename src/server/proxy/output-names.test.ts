import { expect, test } from 'vitest';
import { parseShareLink } from '../../lib/shared/proxy/share-link.ts';
import { REGION_GROUP_NAMES, regionGroups, uniqueNames } from './output-names.ts';

const node = (name: string, server = 'a.example') =>
  parseShareLink(`trojan://pw@${server}:443${name === '' ? '' : `#${encodeURIComponent(name)}`}`);

const names = (...nodes: ReturnType<typeof node>[]) => uniqueNames(nodes).map((n) => n.name);

test('unique names are kept, the same node objects', () => {
  const nodes = [node('香港 01'), node('HK 02')];
  expect(uniqueNames(nodes)).toEqual(nodes);
  expect(uniqueNames(nodes)[0]).toBe(nodes[0]);
});

test('an empty name becomes type server:port, IPv6 in brackets', () => {
  expect(names(node(''), node('', '[2001:db8::1]'), node('  '))).toEqual([
    'trojan a.example:443',
    'trojan [2001:db8::1]:443',
    'trojan a.example:443 2',
  ]);
});

test('duplicates get " 2", " 3", never a name another node carries', () => {
  expect(names(node('a'), node('a'), node('a'), node('a 2'))).toEqual(['a', 'a 3', 'a 4', 'a 2']);
  expect(names(node('b'), node('b'), node('b 2'), node('b'))).toEqual(['b', 'b 3', 'b 2', 'b 4']);
});

test('reserved names (the config’s groups) are not given to nodes', () => {
  expect(
    uniqueNames([node('proxy'), node('direct')], ['proxy', 'direct']).map((n) => n.name),
  ).toEqual(['proxy 2', 'direct 2']);
});

test('every other field is kept', () => {
  const [renamed] = uniqueNames([node('x')], ['x']);
  expect(renamed).toEqual({ ...node('x'), name: 'x 2' });
});

test('region groups: one per region named, in REGIONS order, members in theirs', () => {
  expect(regionGroups(['US 1', '🇭🇰 香港 01', 'plain', 'HK-IPLC-2', '美国 洛杉矶'])).toEqual([
    { name: '🇭🇰 香港 Hong Kong', members: ['🇭🇰 香港 01', 'HK-IPLC-2'] },
    { name: '🇺🇸 美国 United States', members: ['US 1', '美国 洛杉矶'] },
  ]);
  expect(regionGroups(['plain'])).toEqual([]);
  expect(REGION_GROUP_NAMES).toContain('🇬🇧 英国 United Kingdom');
});
