import { expect, test } from 'vitest';
import { decodeEntities, excerptParts } from './excerpt.ts';

test('splits an excerpt into plain and marked parts', () => {
  expect(excerptParts('a <mark>b</mark> c <mark>d</mark>')).toEqual([
    { text: 'a ', marked: false },
    { text: 'b', marked: true },
    { text: ' c ', marked: false },
    { text: 'd', marked: true },
  ]);
});

test('decodes escaped text, so "&lt;" shows as "<" and nothing becomes markup', () => {
  expect(excerptParts('x &lt;script&gt;alert(1)&lt;/script&gt; <mark>&amp;</mark>')).toEqual([
    { text: 'x <script>alert(1)</script> ', marked: false },
    { text: '&', marked: true },
  ]);
});

test('other tags stay text; <mark> in any case and with attributes delimits', () => {
  expect(excerptParts('<b>x</b><MARK class="m">y</MARK>')).toEqual([
    { text: '<b>x</b>', marked: false },
    { text: 'y', marked: true },
  ]);
});

test('drops empty parts and handles no marks, an unclosed mark and empty input', () => {
  expect(excerptParts('<mark></mark>plain')).toEqual([{ text: 'plain', marked: false }]);
  expect(excerptParts('a <mark>b')).toEqual([
    { text: 'a ', marked: false },
    { text: 'b', marked: true },
  ]);
  expect(excerptParts('')).toEqual([]);
});

test('decodeEntities: named basics and numeric references; unknown ones stay', () => {
  expect(decodeEntities('&quot;&#39;&#x4e2d;&#25991;&nbsp;&unknown;&#0;')).toBe(
    '"\'中文\u00a0&unknown;&#0;',
  );
});
