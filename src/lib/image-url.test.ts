import { expect, test } from 'vitest';
import { isSafeImageUrl, safeImageUrl } from './shared/image-url.ts';

test.each([
  'https://cdn.example.test/a.png',
  'http://example.test/a.png?x=1#y',
  'HTTPS://EXAMPLE.TEST/A.PNG',
  '/uploads/article/2026/ab.webp',
  '/',
])('accepts %s', (url) => {
  expect(isSafeImageUrl(url)).toBe(true);
});

test.each([
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:x',
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  'https://',
  'https:///a.png',
  'uploads/a.png',
  'https://example.test/a b.png',
  '/a\nb',
  '',
])('refuses %j', (url) => {
  expect(isSafeImageUrl(url)).toBe(false);
});

test('safeImageUrl drops what is refused and keeps null', () => {
  expect(safeImageUrl('javascript:alert(1)')).toBeNull();
  expect(safeImageUrl(null)).toBeNull();
  expect(safeImageUrl('/uploads/a.png')).toBe('/uploads/a.png');
});
