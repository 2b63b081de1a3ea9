import { expect, test } from 'vitest';
import {
  hoursOf,
  subscriptionBodyOf,
  subscriptionDraftOf,
  subscriptionProblems,
} from './subscription-draft.ts';

test('a new draft starts with the default interval and nothing else', () => {
  expect(subscriptionDraftOf(null)).toEqual({
    name: '',
    url: '',
    intervalHours: '6',
    prefix: '',
    include: '',
    exclude: '',
  });
});

test('problems: blank name and URL, a URL that is not http(s), hours out of range, bad patterns', () => {
  const draft = { ...subscriptionDraftOf(null), intervalHours: '0', include: '(', exclude: 'HK|' };
  expect(subscriptionProblems(draft)).toEqual({
    name: 'proxy.form.required',
    url: 'proxy.form.required',
    intervalHours: 'proxy.sub.intervalInvalid',
    include: 'proxy.pattern.invalid',
  });
  expect(subscriptionProblems({ ...draft, url: 'ftp://x' }).url).toBe('proxy.sub.urlInvalid');
});

test('the body trims the name and URL and reads the hours; patterns and prefix go as typed', () => {
  expect(
    subscriptionBodyOf({
      name: ' Provider ',
      url: ' https://sub.example/x?token=1 ',
      intervalHours: ' 12 ',
      prefix: 'A｜',
      include: '香港|HK',
      exclude: '',
    }),
  ).toEqual({
    name: 'Provider',
    url: 'https://sub.example/x?token=1',
    intervalHours: 12,
    prefix: 'A｜',
    include: '香港|HK',
    exclude: '',
  });
  expect([hoursOf('168'), hoursOf('169'), hoursOf('1.5')]).toEqual([168, null, null]);
});
