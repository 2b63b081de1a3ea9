import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { User } from '@/server/user/user.schema.ts';
import { PRE_ROUTE_KEY } from '@/lib/storage.ts';
import { leaveTo, useCountdown } from './hooks.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let countdown: ReturnType<typeof useCountdown>;

function Probe() {
  countdown = useCountdown();
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  root = createRoot(document.createElement('div'));
});

afterEach(async () => {
  await act(async () => root.unmount());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

test('useCountdown counts whole seconds down to 0 and stops', async () => {
  await act(async () => root.render(<Probe />));
  expect(countdown.remaining).toBe(0);
  await act(async () => countdown.start(3));
  expect(countdown.remaining).toBe(3);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1_000);
  });
  expect(countdown.remaining).toBe(2);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5_000);
  });
  expect(countdown.remaining).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});

/** A fresh copy of the hooks (leaveTo acts once per page) with `user` signed in. */
async function freshHooks(user?: User) {
  vi.resetModules();
  // The heartbeat starts with the user: the server (the boundary) answers it.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 1, message: '', data: null }))),
  );
  const hooks = await import('./hooks.ts');
  const session = await import('@/lib/stores/session.ts');
  if (user) await session.signIn('token-1', user);
  return hooks;
}

const plain: User = {
  id: '7',
  username: 'plain',
  isLocked: false,
  email: null,
  permissions: [],
  nickname: 'Plain',
  avatar: null,
  createTime: '2026-01-01T00:00:00+00:00',
  updateTime: '2026-01-01T00:00:00+00:00',
};

test('leaveTo goes to the remembered route (then forgets it), and only once', async () => {
  const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
  localStorage.setItem(PRE_ROUTE_KEY, '/blog/42?x=1');
  leaveTo();
  leaveTo('/elsewhere');
  expect(replace).toHaveBeenCalledTimes(1);
  expect(replace).toHaveBeenCalledWith('/blog/42?x=1');
  expect(localStorage.getItem(PRE_ROUTE_KEY)).toBeNull();
});

test('leaveTo skips a remembered route the signed-in user may not open, and forgets it', async () => {
  const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
  localStorage.setItem(PRE_ROUTE_KEY, '/admin/user/list');
  (await freshHooks(plain)).leaveTo();
  expect(replace).toHaveBeenCalledWith('/');
  expect(localStorage.getItem(PRE_ROUTE_KEY)).toBeNull();
});

test('leaveTo with a set target still uses up the remembered route', async () => {
  const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
  localStorage.setItem(PRE_ROUTE_KEY, '/pic');
  (await freshHooks(plain)).leaveTo('/auth/profile');
  expect(replace).toHaveBeenCalledWith('/auth/profile');
  expect(localStorage.getItem(PRE_ROUTE_KEY)).toBeNull();
});
