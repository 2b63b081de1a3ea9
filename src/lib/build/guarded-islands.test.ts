// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SHELL_ID, findRoute, isProtected } from '../shared/routes.ts';

const PAGES = fileURLToPath(new URL('../../pages/', import.meta.url));

/** Every page file (Astro routes no folder or file whose name starts with '_'). */
function pageFiles(dir: string = PAGES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('_')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name.endsWith('.astro') ? [full] : [];
  });
}

/** The URL a page file answers, its `[param]` segments filled with the shell id. */
function urlOf(file: string): string {
  const segments = path
    .relative(PAGES, file)
    .replace(/\.astro$/, '')
    .split(path.sep)
    .map((segment) => (/^\[.+\]$/.test(segment) ? SHELL_ID : segment));
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

test('every island of a guarded page waits for the guard (client:guarded), and none other', () => {
  const found = pageFiles().map((file) => {
    const route = findRoute(urlOf(file));
    const directives = [...readFileSync(file, 'utf8').matchAll(/\bclient:([a-z]+)/g)].map(
      (match) => match[1],
    );
    return { url: urlOf(file), guarded: Boolean(route && isProtected(route)), directives };
  });
  const guardedIslands = found.filter((page) => page.guarded && page.directives.length > 0);
  expect(guardedIslands.map((page) => page.url)).toEqual(
    expect.arrayContaining(['/admin/user/edit/_', '/admin/user/list', '/auth/profile']),
  );
  const early = guardedIslands.filter((page) => page.directives.some((d) => d !== 'guarded'));
  expect(early).toEqual([]);
  // On a public page the guard allows at once; waiting for it there would only slow islands down.
  const needless = found.filter((page) => !page.guarded && page.directives.includes('guarded'));
  expect(needless).toEqual([]);
});
