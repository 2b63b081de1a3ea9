import { expect, test } from 'vitest';
import { clientLink, formatBytes, quotaOf, serverPort, usedShare } from './format.ts';

test('bytes in powers of 1024, with fewer decimals as numbers grow', () => {
  expect(formatBytes(0, 'en')).toBe('0 B');
  expect(formatBytes(1536, 'en')).toBe('1.5 KB');
  expect(formatBytes(3 * 1024 ** 3, 'en')).toBe('3 GB');
  expect(formatBytes(123.4 * 1024 ** 3, 'en')).toBe('123 GB');
  expect(formatBytes(-1, 'en')).toBe('—');
});

test('the quota: used is upload plus download; a total or expiry of 0 means none', () => {
  const quota = quotaOf({ upload: 1, download: 2, total: 0, expire: 0 });
  expect(quota).toEqual({ used: 3, total: null, expire: null });
  expect(quotaOf({})).toBeNull();
  expect(quotaOf(null)).toBeNull();
  const full = quotaOf({ upload: 50, download: 50, total: 200, expire: 1_800_000_000 });
  expect(full?.expire).toBe(new Date(1_800_000_000_000).toISOString());
  expect(full && usedShare(full)).toBe(0.5);
});

test('addresses and client links', () => {
  expect(serverPort('2001:db8::1', 443)).toBe('[2001:db8::1]:443');
  expect(clientLink('https://x/api/proxy/agg/S', 'clash')).toBe(
    'https://x/api/proxy/agg/S?target=clash',
  );
  expect(clientLink('https://x/api/proxy/agg?token=S', 'sing-box')).toBe(
    'https://x/api/proxy/agg?token=S&target=sing-box',
  );
  expect(clientLink('https://x/a', '')).toBe('https://x/a');
});
