import { afterEach, expect, test, vi } from 'vitest';
import { PAGEFIND_URL, loadPagefind, resetPagefind } from './pagefind.ts';

afterEach(() => {
  resetPagefind();
  vi.restoreAllMocks();
});

test('loads /pagefind/pagefind.js once, sets its options and starts it', async () => {
  const options = vi.fn(async () => {});
  const init = vi.fn(async () => {});
  const module = { options, init, search: async () => ({ results: [] }) };
  const load = vi.fn(async () => module);
  await expect(loadPagefind(load)).resolves.toBe(module);
  await expect(loadPagefind(load)).resolves.toBe(module);
  expect(load).toHaveBeenCalledTimes(1);
  expect(load).toHaveBeenCalledWith(PAGEFIND_URL);
  expect(options).toHaveBeenCalledWith(expect.objectContaining({ excerptLength: 36 }));
  expect(init).toHaveBeenCalledTimes(1);
});

test('no index (the import fails), a broken module or a failed start: null', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await expect(loadPagefind(() => Promise.reject(new Error('404')))).resolves.toBeNull();
  resetPagefind();
  await expect(loadPagefind(async () => ({ nothing: true }))).resolves.toBeNull();
  resetPagefind();
  const failing = {
    options: async () => {},
    init: () => Promise.reject(new Error('CSP refused WebAssembly')),
    search: async () => null,
  };
  await expect(loadPagefind(async () => failing)).resolves.toBeNull();
});
