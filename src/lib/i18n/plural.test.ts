import { expect, test } from 'vitest';
import { formatPlurals } from './plural.ts';

const VIEWS = '{count, plural, one {# view} other {# views}}';

test('English picks the form by its plural rules, # being the number', () => {
  expect(formatPlurals(VIEWS, { count: 0 }, 'en')).toBe('0 views');
  expect(formatPlurals(VIEWS, { count: 1 }, 'en')).toBe('1 view');
  expect(formatPlurals(VIEWS, { count: 2 }, 'en')).toBe('2 views');
  expect(formatPlurals(VIEWS, { count: 1.5 }, 'en')).toBe('1.5 views');
});

test('Chinese has one form: "other" is always chosen', () => {
  const text = '{count, plural, one {一 #} other {共 # 篇}}';
  expect(formatPlurals(text, { count: 1 }, 'zh-CN')).toBe('共 1 篇');
  expect(formatPlurals(text, { count: 2 }, 'zh-CN')).toBe('共 2 篇');
});

test('exact matches win over categories; the text around and inside is kept', () => {
  const text = 'Found: {n, plural, =0 {nothing} one {# item in “{name}”} other {# items}}.';
  expect(formatPlurals(text, { n: 0, name: 'x' }, 'en')).toBe('Found: nothing.');
  expect(formatPlurals(text, { n: 1, name: 'x' }, 'en')).toBe('Found: 1 item in “{name}”.');
  expect(formatPlurals(text, { n: 7 }, 'en')).toBe('Found: 7 items.');
});

test('several plurals in one message, and a plural without its value left as written', () => {
  const text =
    '{a, plural, one {# cat} other {# cats}} and {b, plural, one {# dog} other {# dogs}}';
  expect(formatPlurals(text, { a: 1, b: 3 }, 'en')).toBe('1 cat and 3 dogs');
  expect(formatPlurals(VIEWS, {}, 'en')).toBe(VIEWS);
  expect(formatPlurals(VIEWS, { count: 'many' }, 'en')).toBe(VIEWS);
  expect(formatPlurals('plain {count}', { count: 1 }, 'en')).toBe('plain {count}');
});
