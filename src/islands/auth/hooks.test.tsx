import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PRE_ROUTE_KEY } from '../../lib/storage.ts';
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

test('leaveTo goes to the remembered route (then forgets it), and only once', () => {
  const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
  localStorage.setItem(PRE_ROUTE_KEY, '/blog/42?x=1');
  leaveTo();
  leaveTo('/elsewhere');
  expect(replace).toHaveBeenCalledTimes(1);
  expect(replace).toHaveBeenCalledWith('/blog/42?x=1');
  expect(localStorage.getItem(PRE_ROUTE_KEY)).toBeNull();
});
