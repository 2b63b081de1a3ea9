import { expect, test } from 'vitest';
import { highlight, searchableText, snippet } from './text.ts';

test('the searchable text is the readable text of the document, tables and code included', () => {
  const text = searchableText(
    '# Title\n\nSome **bold** and [a link](https://x.example) &amp; `code` $x^2$.\n\n```js\nrun()\n```\n\n<script>alert(1)</script>\n\n- [x] one\n- two\n\n| a | b |\n|---|---|\n| c | d |',
  );
  expect(text).toBe('Title Some bold and a link & code. run() one two a b c d');
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
