import { expect, test } from 'vitest';
import { DEMO_ARTICLES } from '@/server/blog/demo-content.ts';
import {
  SUMMARY_LENGTH,
  articleSummary,
  plainTextOf,
  summaryOf,
  truncateText,
} from './shared/summary.ts';

/** The demo article "A tour of Markdown in Atrium". */
const TOUR = DEMO_ARTICLES.find((a) => a.title === 'A tour of Markdown in Atrium')?.content ?? '';

test("the demo tour's summary is its prose, without table, task markers, math or code", () => {
  expect(summaryOf(TOUR)).toBe(
    "Articles are written in Markdown with GitHub's extensions. Code Tables and task lists Write the first article Publish it Math Inline math such as, and blocks:",
  );
});

test.each([
  ['a table', 'Before.\n\n| 列 | 值 |\n|---|---|\n| a | 1 |\n\nAfter.', 'Before. After.'],
  ['task markers', '- [x] task done\n- [ ] task open', 'task done task open'],
  ['inline math', 'Euler: $e^{i\\pi}+1=0$ holds.', 'Euler: holds.'],
  ['display math', 'Sum:\n\n$$\n\\sum_k k\n$$\n\nEnd.', 'Sum: End.'],
  ['a code fence', 'Run:\n\n```sh\nrm -rf /\n```\n\nDone.', 'Run: Done.'],
  ['an indented code block', 'Run:\n\n    make all\n\nDone.', 'Run: Done.'],
  ['a link target', 'See [the docs](https://example.com/docs "Docs") now.', 'See the docs now.'],
  ['a reference link', 'See [docs][d].\n\n[d]: https://example.com', 'See docs.'],
  ['an image', 'Look ![a cat](/uploads/cat.png) here.', 'Look here.'],
  ['raw HTML', 'A <b>bold</b> <script>alert(1)</script> word.', 'A bold alert(1) word.'],
  ['a footnote', 'Claim.[^1]\n\n[^1]: Source.', 'Claim.'],
  [
    'emphasis and inline code',
    'Use **`node:sqlite`** _now_ ~~never~~.',
    'Use node:sqlite now never.',
  ],
  ['entities', 'Tom &amp; Jerry &lt;3', 'Tom & Jerry <3'],
  ['a block quote and a rule', '> Quoted\n\n---\n\nText', 'Quoted Text'],
  ['headings and line breaks', '# 标题\n\n第一行\n第二行  \n第三行', '标题 第一行 第二行 第三行'],
])('%s: only the readable text is left', (_name, markdown, expected) => {
  expect(plainTextOf(markdown)).toBe(expected);
});

test('the full text for search snippets keeps table cells and code, still without math source', () => {
  expect(
    plainTextOf('Intro $x^2$.\n\n| 列 | 值 |\n|---|---|\n| a | 1 |\n\n```\ncode()\n```', 'all'),
  ).toBe('Intro. 列 值 a 1 code()');
});

test('a summary is cut on a word boundary (English) with an ellipsis', () => {
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
  const summary = summaryOf(words);
  expect(summary.endsWith('…')).toBe(true);
  const body = summary.slice(0, -1);
  expect([...body].length).toBeLessThanOrEqual(SUMMARY_LENGTH);
  expect(words.startsWith(body)).toBe(true);
  // The cut falls between two words, not inside one.
  expect(words[body.length]).toBe(' ');
});

test('Chinese is cut on a character boundary, and short text is left whole', () => {
  const chinese = '数据库索引'.repeat(100);
  const summary = summaryOf(chinese);
  expect([...summary]).toHaveLength(SUMMARY_LENGTH + 1);
  expect(summary.endsWith('…')).toBe(true);
  expect(chinese.startsWith(summary.slice(0, -1))).toBe(true);
  expect(summaryOf('short')).toBe('short');
});

test('truncation never splits a surrogate pair, and a word longer than the limit is cut', () => {
  expect(truncateText('😀'.repeat(10), 4)).toBe('😀😀😀😀…');
  expect(truncateText(`${'x'.repeat(30)} y`, 10)).toBe(`${'x'.repeat(10)}…`);
  expect(truncateText('one two, three', 9)).toBe('one two…');
});

test("an author's own summary stays as typed; otherwise it is derived", () => {
  expect(articleSummary({ summary: '  **As typed**  ', content: 'Body' })).toBe('  **As typed**  ');
  expect(articleSummary({ summary: null, content: '**Body** text' })).toBe('Body text');
});

test('a long article gives the summary its whole text would', () => {
  const intro =
    'An introduction long enough to fill a summary on its own, and then some more words. '.repeat(
      3,
    );
  const table = `| a | b |\n|---|---|\n${'| cell | value |\n'.repeat(300)}`;
  const long = `${intro}\n\n${table}\n\nThe end.`;
  expect(summaryOf(long)).toBe(truncateText(plainTextOf(long)));
  // A table first: its prose comes late, past the first blank line.
  const tableFirst = `${table}\n\n${'Words after the table. '.repeat(20)}`;
  expect(summaryOf(tableFirst)).toMatch(/^Words after the table\./);
  // A reference whose definition is at the end still reads as its text.
  const referenced = `See [the docs][d] ${'and more prose '.repeat(200)}\n\n${'filler\n\n'.repeat(300)}[d]: https://example.com`;
  expect(summaryOf(referenced)).toMatch(/^See the docs and more prose/);
});
