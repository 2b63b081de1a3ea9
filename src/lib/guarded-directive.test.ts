import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import guarded from './guarded-directive.ts';

let hydrate: ReturnType<typeof vi.fn<() => Promise<void>>>;
let load: ReturnType<typeof vi.fn<() => Promise<() => Promise<void>>>>;

function start(): void {
  guarded(load, { name: 'UserEditor', value: '' }, document.createElement('astro-island'));
}

/** Lets promises and mutation observers run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  delete document.documentElement.dataset.guard;
  hydrate = vi.fn<() => Promise<void>>(async () => {});
  load = vi.fn<() => Promise<() => Promise<void>>>(async () => hydrate);
});

afterEach(() => {
  delete document.documentElement.dataset.guard;
});

test('the island hydrates only once the guard has allowed the page (its code loads at once)', async () => {
  start();
  await settle();
  expect(load).toHaveBeenCalledTimes(1);
  expect(hydrate).not.toHaveBeenCalled();
  document.documentElement.dataset.guard = 'pending';
  await settle();
  expect(hydrate).not.toHaveBeenCalled();
  document.documentElement.dataset.guard = 'ok';
  await settle();
  expect(hydrate).toHaveBeenCalledTimes(1);
});

test('a page the guard allowed already hydrates at once', async () => {
  document.documentElement.dataset.guard = 'ok';
  start();
  await settle();
  expect(hydrate).toHaveBeenCalledTimes(1);
});

test('a page the guard sends elsewhere never hydrates (so its island never calls the API)', async () => {
  start();
  await settle();
  expect(hydrate).not.toHaveBeenCalled();
});
