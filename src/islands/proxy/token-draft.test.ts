import { expect, test } from 'vitest';
import type { TokenDto } from '@/lib/api/proxy.ts';
import {
  endOfDay,
  limitOf,
  localDateOf,
  pickedDate,
  tokenBodyOf,
  tokenDraftOf,
  tokenProblems,
} from './token-draft.ts';

const now = new Date(2026, 0, 31, 15, 30);

const token: TokenDto = {
  id: 't1',
  name: 'Phone',
  scope: { mode: 'pick', subscriptionIds: ['s1'], nodeIds: ['n1', 'n2'] },
  expireTime: new Date(2026, 0, 20, 12, 0).toISOString(),
  dailyLimit: 50,
  notes: 'for the phone',
  status: 'expired',
  usesToday: 0,
  lastUseTime: null,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

test('quick picks: 7 and 30 days on, and the same day next month (or its last day)', () => {
  expect(pickedDate('days7', now)).toBe('2026-02-07');
  expect(pickedDate('days30', now)).toBe('2026-03-02');
  expect(pickedDate('nextMonth', now)).toBe('2026-02-28');
  expect(pickedDate('nextMonth', new Date(2026, 11, 15))).toBe('2027-01-15');
});

test('a date means the end of that local day; impossible dates are none', () => {
  const end = new Date(endOfDay('2026-02-07') ?? '');
  expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([
    2026, 1, 7, 23,
  ]);
  expect(endOfDay('2026-02-30')).toBeNull();
  expect(endOfDay('')).toBeNull();
  expect(localDateOf(end.toISOString())).toBe('2026-02-07');
});

test('a new token has no expiry chosen: the form refuses until one is', () => {
  const draft = tokenDraftOf(null);
  expect(draft).toMatchObject({ scope: 'all', expiry: '', limited: false });
  expect(tokenProblems({ ...draft, name: 'x' }, now, null)).toEqual({
    expiry: 'proxy.expiry.choose',
  });
  expect(tokenProblems({ ...draft, name: 'x', expiry: 'never' }, now, null)).toEqual({});
});

test('problems: blank name, nothing picked, bad patterns, a past date, a bad limit', () => {
  const draft = {
    ...tokenDraftOf(null),
    scope: 'pick' as const,
    expiry: 'date' as const,
    expireDate: '2026-01-30',
    limited: true,
    dailyLimit: '0',
  };
  expect(tokenProblems(draft, now, null)).toEqual({
    name: 'proxy.form.required',
    scope: 'proxy.scope.pickEmpty',
    expiry: 'proxy.expiry.past',
    dailyLimit: 'proxy.limit.invalid',
  });
  expect(
    tokenProblems(
      { ...draft, name: 'x', scope: 'filter', include: '[', dailyLimit: '10' },
      now,
      null,
    ),
  ).toEqual({ include: 'proxy.pattern.invalid', expiry: 'proxy.expiry.past' });
  expect(
    tokenProblems(
      { ...draft, name: 'x', scope: 'all', expireDate: '2026-01-31', dailyLimit: '10' },
      now,
      null,
    ),
  ).toEqual({});
});

test('an edited token keeps its own (past) expiry time while its date is unchanged', () => {
  const draft = tokenDraftOf(token);
  expect(draft).toMatchObject({
    scope: 'pick',
    subscriptionIds: ['s1'],
    nodeIds: ['n1', 'n2'],
    expiry: 'date',
    expireDate: '2026-01-20',
    limited: true,
    dailyLimit: '50',
  });
  expect(tokenProblems(draft, now, token)).toEqual({});
  expect(tokenBodyOf(draft, token)).toEqual({
    name: 'Phone',
    scope: token.scope,
    expireTime: token.expireTime,
    dailyLimit: 50,
    notes: 'for the phone',
  });
  const later = tokenBodyOf({ ...draft, expireDate: '2026-02-07', limited: false }, token);
  expect(later.expireTime).toBe(endOfDay('2026-02-07'));
  expect(later.dailyLimit).toBe(0);
  expect(tokenBodyOf({ ...draft, expiry: 'never', scope: 'all' }, token)).toMatchObject({
    expireTime: null,
    scope: { mode: 'all' },
  });
});

test('no daily limit reads as null or 0 from the server', () => {
  expect(tokenDraftOf({ ...token, dailyLimit: null })).toMatchObject({
    limited: false,
    dailyLimit: '',
  });
  expect(tokenDraftOf({ ...token, dailyLimit: 0 })).toMatchObject({
    limited: false,
    dailyLimit: '',
  });
});

test('limitOf reads whole numbers from 1 to the maximum', () => {
  expect([limitOf('1'), limitOf(' 100000 '), limitOf('100001'), limitOf('2.5')]).toEqual([
    1,
    100000,
    null,
    null,
  ]);
});
