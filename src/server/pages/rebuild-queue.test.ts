import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { SiteBuildStatus } from '../../lib/shared/site-build.ts';
import { Rebuilder, type RebuilderDeps } from './rebuild-queue.ts';

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-06-01T00:00:00Z') }));
afterEach(() => vi.useRealTimers());

function setup(over: Partial<RebuilderDeps> = {}) {
  const states: SiteBuildStatus[] = [];
  const builds: { finish: () => void; fail: (e: Error) => void }[] = [];
  const deps: RebuilderDeps = {
    build: () =>
      new Promise<void>((resolve, reject) => builds.push({ finish: resolve, fail: reject })),
    nextScheduled: async () => null,
    publish: (s) => states.push(s),
    onError: () => undefined,
    now: () => Date.now(),
    debounceMs: 1000,
    ...over,
  };
  return { rebuilder: new Rebuilder(deps, null), states, builds };
}

test('requests close together make one build, after the quiet time', async () => {
  const { rebuilder, states, builds } = setup();
  rebuilder.request();
  await vi.advanceTimersByTimeAsync(600);
  rebuilder.request();
  await vi.advanceTimersByTimeAsync(600);
  expect(builds).toHaveLength(0);
  expect(rebuilder.status.state).toBe('queued');
  await vi.advanceTimersByTimeAsync(500);
  expect(builds).toHaveLength(1);
  expect(rebuilder.status.state).toBe('running');
  builds[0]?.finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(rebuilder.status).toMatchObject({ state: 'done', error: null });
  expect(rebuilder.status.builtAt).not.toBeNull();
  expect(states.map((s) => s.state)).toEqual(['queued', 'running', 'done']);
});

test('a change during a build queues exactly one more build, never two at once', async () => {
  const { rebuilder, builds } = setup();
  rebuilder.request();
  await vi.advanceTimersByTimeAsync(1000);
  expect(builds).toHaveLength(1);
  rebuilder.request();
  rebuilder.request();
  expect(rebuilder.status.state).toBe('running');
  expect(rebuilder.status.queuedAt).not.toBeNull();
  await vi.advanceTimersByTimeAsync(5000);
  expect(builds).toHaveLength(1);
  builds[0]?.finish();
  await vi.advanceTimersByTimeAsync(1000);
  expect(builds).toHaveLength(2);
  builds[1]?.finish();
  await vi.advanceTimersByTimeAsync(5000);
  expect(builds).toHaveLength(2);
  expect(rebuilder.status.state).toBe('done');
});

test('a failed build reports the tail of its log and the next change tries again', async () => {
  const { rebuilder, builds } = setup();
  rebuilder.request();
  await vi.advanceTimersByTimeAsync(1000);
  builds[0]?.fail(new Error(`astro build failed (exit 1):\n${'x'.repeat(5000)}\nthe last line`));
  await vi.advanceTimersByTimeAsync(0);
  expect(rebuilder.status.state).toBe('failed');
  expect(rebuilder.status.error).toMatch(/the last line$/);
  expect((rebuilder.status.error ?? '').length).toBeLessThanOrEqual(2000);
  rebuilder.request();
  await vi.advanceTimersByTimeAsync(1000);
  expect(builds).toHaveLength(2);
});

test('a scheduled article reaching its time asks for a build', async () => {
  const at = new Date(Date.now() + 60_000).toISOString();
  let next: string | null = at;
  const { rebuilder, builds } = setup({ nextScheduled: async () => next });
  await rebuilder.watchSchedule();
  await vi.advanceTimersByTimeAsync(59_000);
  expect(rebuilder.status.state).toBe('idle');
  next = null;
  await vi.advanceTimersByTimeAsync(2_000 + 1000);
  expect(builds).toHaveLength(1);
  builds[0]?.finish();
  await vi.advanceTimersByTimeAsync(0);
  await rebuilder.close();
});

test('after close, requests do nothing', async () => {
  const { rebuilder, builds } = setup();
  await rebuilder.close();
  rebuilder.request();
  await vi.advanceTimersByTimeAsync(5000);
  expect(builds).toHaveLength(0);
});
