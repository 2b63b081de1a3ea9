import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PRE_ROUTE_KEY, TOKEN_KEY, readItem, removeItem, writeItem } from './storage.ts';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test('the keys are the spec\u2019s', () => {
  expect(TOKEN_KEY).toBe('token');
  expect(PRE_ROUTE_KEY).toBe('pre-route');
});

test('writes, reads and removes through localStorage', () => {
  expect(readItem(TOKEN_KEY)).toBeNull();
  expect(writeItem(TOKEN_KEY, 'abc')).toBe(true);
  expect(localStorage.getItem('token')).toBe('abc');
  expect(readItem(TOKEN_KEY)).toBe('abc');
  removeItem(TOKEN_KEY);
  expect(localStorage.getItem('token')).toBeNull();
});

test('never throws when the storage methods throw', () => {
  const denied = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  vi.stubGlobal('localStorage', { getItem: denied, setItem: denied, removeItem: denied });
  expect(readItem(TOKEN_KEY)).toBeNull();
  expect(writeItem(TOKEN_KEY, 'abc')).toBe(false);
  expect(() => removeItem(TOKEN_KEY)).not.toThrow();
});

test('never throws when there is no localStorage', () => {
  vi.stubGlobal('localStorage', undefined);
  expect(readItem(TOKEN_KEY)).toBeNull();
  expect(writeItem(TOKEN_KEY, 'abc')).toBe(false);
  expect(() => removeItem(TOKEN_KEY)).not.toThrow();
});

test('never throws when touching localStorage itself throws (sandboxed frames)', () => {
  const getter = vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  expect(readItem(TOKEN_KEY)).toBeNull();
  expect(writeItem(TOKEN_KEY, 'abc')).toBe(false);
  expect(() => removeItem(TOKEN_KEY)).not.toThrow();
  expect(getter).toHaveBeenCalled();
});
