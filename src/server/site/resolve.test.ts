import { describe, expect, test } from 'vitest';
import { isApiPath, pathOf, resolve, safePath, urlAliases } from './resolve.ts';

/** A table of file paths standing for files, built with the same alias rules as the real one. */
function table(paths: string[]) {
  const files = new Map(paths.map((p) => [p, p]));
  const urls = new Map<string, string>();
  const rank = new Map<string, number>();
  for (const path of paths) {
    for (const [url, priority] of urlAliases(path)) {
      const held = rank.get(url);
      if (held === undefined || priority < held) {
        rank.set(url, priority);
        urls.set(url, path);
      }
    }
  }
  return { files, urls };
}

const site = table([
  '/index.html',
  '/a/index.html',
  '/a.html',
  '/b.html',
  '/b/other.txt',
  '/404.html',
  '/_astro/x.1.js',
  '/admin/user/edit/_/index.html',
  '/blog/_/index.html',
  '/blog/7/index.html',
  '/blog/contact/index.html',
  '/api/blog/feed/rss.xml',
  '/with space.txt',
]);

describe('resolve', () => {
  test.each([
    ['/', '/index.html'],
    ['/index.html', '/index.html'],
    ['/a', '/a/index.html'], // index.html wins over a.html
    ['/a/', '/a/index.html'],
    ['/a.html', '/a.html'],
    ['/b', '/b.html'],
    ['/b/', '/b.html'],
    ['/404', '/404.html'],
    ['/_astro/x.1.js', '/_astro/x.1.js'],
    ['/a?x=1#top', '/a/index.html'],
    ['/with%20space.txt', '/with space.txt'],
    ['/%61', '/a/index.html'],
    ['/admin/user/edit/42', '/admin/user/edit/_/index.html'],
    ['/admin/user/edit/42/', '/admin/user/edit/_/index.html'],
    ['/admin/user/edit/_', '/admin/user/edit/_/index.html'],
    ['/blog/7', '/blog/7/index.html'], // a prebuilt article wins over the shell
    ['/blog/8', '/blog/_/index.html'],
    ['/blog/contact', '/blog/contact/index.html'],
  ])('%s → %s', (url, file) => {
    expect(resolve(site, url)).toBe(file);
  });

  test.each([
    '/nope',
    '/_astro/x.1.js/',
    '/admin/user/edit/a.b',
    '/admin/user/edit/42/more',
    '/proxy/node/edit/1', // dynamic route without a built shell
    '/../index.html',
    '/%2e%2e/index.html',
    '/a/%2e%2e/index.html',
    '/a/./index.html',
    '/a%5cindex.html',
    '/%00',
    '/%E0%A4%A',
    '/%61pi/blog/feed/rss.xml', // decodes into the API
    'index.html',
    '',
  ])('%s → nothing', (url) => {
    expect(resolve(site, url)).toBeNull();
  });

  test('urlAliases lists every URL form of a file with its rule priority', () => {
    expect(urlAliases('/index.html')).toEqual([
      ['/index.html', 0],
      ['/', 1],
      ['/index', 2],
      ['/index/', 2],
    ]);
    expect(urlAliases('/a/index.html')).toEqual([
      ['/a/index.html', 0],
      ['/a/', 1],
      ['/a', 1],
      ['/a/index', 2],
      ['/a/index/', 2],
    ]);
    expect(urlAliases('/x.html')).toEqual([
      ['/x.html', 0],
      ['/x', 2],
      ['/x/', 2],
    ]);
    expect(urlAliases('/x.js')).toEqual([['/x.js', 0]]);
  });

  test('pathOf drops query and fragment', () => {
    expect(pathOf('/a?b#c')).toBe('/a');
    expect(pathOf('/a#c?b')).toBe('/a');
    expect(pathOf('/a')).toBe('/a');
  });

  test('safePath decodes and refuses what could leave the site', () => {
    expect(safePath('/a%20b')).toBe('/a b');
    expect(safePath('/a/../b')).toBeNull();
    expect(safePath('/a/%2E%2E/b')).toBeNull();
    expect(safePath('/%2fetc%2fpasswd')).toBe('//etc/passwd');
    expect(safePath('a')).toBeNull();
    expect(safePath('/a\\b')).toBeNull();
  });

  test('isApiPath matches the /api segment only', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/x')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/blog/api')).toBe(false);
  });
});
