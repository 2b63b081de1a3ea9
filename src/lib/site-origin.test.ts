import { expect, test } from 'vitest';
import { siteOrigin } from './shared/site-origin.ts';

test.each([
  [{}, 'http://127.0.0.1:4321'],
  [{ PORT: '46445' }, 'http://127.0.0.1:46445'],
  [{ HOST: 'atrium.lan', PORT: ' 8080 ' }, 'http://atrium.lan:8080'],
  [{ HOST: '::1', PORT: '4321' }, 'http://[::1]:4321'],
  [{ HOST: '', PORT: '' }, 'http://127.0.0.1:4321'],
  [{ SITE_URL: 'https://example.com', PORT: '46445' }, 'https://example.com'],
  [{ SITE_URL: ' https://Example.COM:443/ ' }, 'https://example.com'],
  [{ SITE_URL: 'http://127.0.0.1:8080//' }, 'http://127.0.0.1:8080'],
])('%o → %s', (env, origin) => {
  expect(siteOrigin(env)).toBe(origin);
});

test.each([
  [{ SITE_URL: 'example.com' }, /^SITE_URL is not a valid URL: use http:\/\/… or https:\/\/…$/],
  [{ SITE_URL: 'ftp://example.com' }, /^SITE_URL must start with http:\/\/ or https:\/\/$/],
  [{ SITE_URL: 'https://example.com/blog' }, /^SITE_URL must be an origin without a path/],
  [{ SITE_URL: 'https://example.com/?a=1' }, /^SITE_URL must be an origin without a path/],
  [{ SITE_URL: 'https://user:pw@example.com' }, /^SITE_URL must be an origin without a path/],
  [{ HOST: 'a b' }, /^HOST and PORT do not make a URL/],
])('%o is refused', (env, message) => {
  expect(() => siteOrigin(env)).toThrow(message);
});
