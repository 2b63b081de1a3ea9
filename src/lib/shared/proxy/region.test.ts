import { expect, test } from 'vitest';
import { flagOf, regionOf } from './region.ts';

test.each([
  ['🇭🇰 香港 01', 'HK'],
  ['HK-IPLC-2', 'HK'],
  ['美国 洛杉矶 | 1x', 'US'],
  ['硅谷 02', 'US'],
  ['Japan Tokyo 3', 'JP'],
  ['韩国首尔', 'KR'],
  ['UK London', 'UK'],
  ['🇬🇧 02', 'UK'],
  ['新加坡 → 香港 中转', 'SG'],
  ['Singapore-01', 'SG'],
  ['马来西亚', 'MY'],
])('%s is in %s', (name, code) => {
  expect(regionOf(name)?.code).toBe(code);
});

test.each(['RUSH 1', 'CHANGE ME', 'Hustle', 'Kuala', '自建节点'])(
  '%s names no region: codes count as whole words only',
  (name) => {
    expect(regionOf(name)).toBeNull();
  },
);

test('flags are regional indicator pairs; the UK is written GB', () => {
  expect(flagOf('JP')).toBe('🇯🇵');
  expect(flagOf('UK')).toBe('🇬🇧');
});
