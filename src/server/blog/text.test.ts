import { expect, test } from 'vitest';
import { excerptOf, highlight, markdownToPlainText, snippet } from './text.ts';

test('markdown becomes its visible text on one line, without code blocks or raw HTML', () => {
  const text = markdownToPlainText(
    '# Title\n\nSome **bold** and [a link](https://x.example) &amp; `code`.\n\n```js\nsecret()\n```\n\n<script>alert(1)</script>\n\n- one\n- two\n\n| a | b |\n|---|---|\n| c | d |',
  );
  expect(text).toBe('Title Some bold and a link & code. one two a b c d');
});

test('an excerpt is about 160 characters with an ellipsis when cut', () => {
  expect(excerptOf('short')).toBe('short');
  const long = excerptOf('数据'.repeat(200));
  expect([...long]).toHaveLength(161);
  expect(long.endsWith('…')).toBe(true);
});

test('highlights escape everything but the <mark> around the term, in any case', () => {
  expect(highlight('<b>SQL</b> & sql', 'sql')).toBe(
    '&lt;b&gt;<mark>SQL</mark>&lt;/b&gt; &amp; <mark>sql</mark>',
  );
  expect(highlight('a.b', '.')).toBe('a<mark>.</mark>b');
});

test('a snippet is a window around the first match', () => {
  const text = `${'x'.repeat(100)} 数据库 ${'y'.repeat(100)}`;
  const s = snippet(text, '数据库', 10);
  expect(s).toBe(`…${'x'.repeat(9)} <mark>数据库</mark> ${'y'.repeat(9)}…`);
  expect(snippet('no match here', 'zzz')).toBe('no match here');
});
