import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ImageCaptcha } from '@/server/captcha/captcha.schema.ts';
import {
  CAPTCHA_REFRESH_MS,
  useImageCaptcha,
  type ImageCaptchaState,
} from './use-image-captcha.ts';

const getImageCaptcha = vi.hoisted(() => vi.fn<() => Promise<ImageCaptcha>>());
vi.mock('@/lib/api/common.ts', () => ({ getImageCaptcha }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let served = 0;
let root: Root;
let state: ImageCaptchaState;

function Probe({ active }: { active: boolean }) {
  state = useImageCaptcha(active);
  return null;
}

async function mount(active: boolean): Promise<void> {
  await act(async () => root.render(<Probe active={active} />));
}

/** Lets pending promises settle inside act. */
async function settle(): Promise<void> {
  await act(async () => {});
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  served = 0;
  getImageCaptcha.mockReset();
  getImageCaptcha.mockImplementation(async () => {
    served += 1;
    return { sessionId: `s${served}`, imageData: `data:image/png;base64,${served}` };
  });
  root = createRoot(document.createElement('div'));
});

afterEach(async () => {
  await act(async () => root.unmount());
  vi.useRealTimers();
});

test('nothing is fetched while inactive; becoming active loads an image', async () => {
  await mount(false);
  expect(getImageCaptcha).not.toHaveBeenCalled();
  expect(state.answer()).toBeNull();
  await mount(true);
  await settle();
  expect(state.image?.sessionId).toBe('s1');
  expect(state.status).toBe('idle');
});

test('the image is replaced every minute while untouched', async () => {
  await mount(true);
  await settle();
  await advance(CAPTCHA_REFRESH_MS);
  expect(state.image?.sessionId).toBe('s2');
  await advance(CAPTCHA_REFRESH_MS);
  expect(state.image?.sessionId).toBe('s3');
});

test('a half-typed code is not swept away, but an old image is replaced at last', async () => {
  await mount(true);
  await settle();
  await act(async () => state.setCode('AB'));
  await advance(CAPTCHA_REFRESH_MS);
  expect(state.image?.sessionId).toBe('s1');
  expect(state.code).toBe('AB');
  await advance(3 * CAPTCHA_REFRESH_MS);
  expect(state.image?.sessionId).toBe('s2');
  expect(state.code).toBe('');
});

test('refresh (after a failed attempt) loads a new image and clears the code', async () => {
  await mount(true);
  await settle();
  await act(async () => state.setCode(' ab12 '));
  expect(state.answer()).toEqual({ sessionId: 's1', code: 'ab12' });
  await act(async () => state.refresh());
  await settle();
  expect(state.code).toBe('');
  expect(state.answer()).toEqual({ sessionId: 's2', code: '' });
});

test('an answer overtaken by a newer request is dropped', async () => {
  let releaseFirst: (captcha: ImageCaptcha) => void = () => {};
  getImageCaptcha.mockImplementationOnce(
    () => new Promise<ImageCaptcha>((resolve) => (releaseFirst = resolve)),
  );
  await mount(true);
  await act(async () => state.refresh());
  await settle();
  expect(state.image?.sessionId).toBe('s1');
  await act(async () => releaseFirst({ sessionId: 'late', imageData: 'data:,' }));
  expect(state.image?.sessionId).toBe('s1');
});

test('a failed load says so, and refresh tries again', async () => {
  getImageCaptcha.mockRejectedValueOnce(new Error('down'));
  await mount(true);
  await settle();
  expect(state.status).toBe('failed');
  await act(async () => state.refresh());
  await settle();
  expect(state.status).toBe('idle');
  expect(state.image?.sessionId).toBe('s1');
});
