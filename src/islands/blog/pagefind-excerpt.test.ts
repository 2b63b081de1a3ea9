import { expect, test } from 'vitest';
import { excerptParts } from './excerpt.ts';
import { pagefindExcerpt, resultExcerpt } from './pagefind-excerpt.ts';

const ZWS = '\u200B';
const RUN = '今天|天气|很好|，|我们|去|公园|散步|，|看到|很多|人|在|跑步|。';

/** Pagefind's `raw_content` of a Chinese page (words split by zero-width spaces), as it returns it. */
const CHINESE = [
  '一篇|文章|. |量子|计算|是|未来|。',
  ...Array<string>(6).fill(RUN),
  '我|喜欢|喝|咖啡|。',
]
  .join('|')
  .replaceAll('|', ZWS);

function marked(html: string): string[] {
  return excerptParts(html)
    .filter((part) => part.marked)
    .map((part) => part.text);
}

test('two Chinese terms far apart: each gets its own window, both marked (量子咖啡)', () => {
  // What Pagefind answered for the query 量子咖啡: 量子 at word 3, 咖啡 at word 101.
  const html = pagefindExcerpt(CHINESE, [3, 101], 36);
  expect(marked(html)).toEqual(['量子', '咖啡']);
  const text = excerptParts(html)
    .map((part) => part.text)
    .join('');
  expect(text).toContain('量子计算是未来');
  expect(text).toContain('我喜欢喝咖啡。');
  expect(text).toMatch(/量子.*….*咖啡/u);
});

test('terms close together share one window, every occurrence marked', () => {
  const words = 'The quantum cafe sells quantum coffee and more words follow here'.split(' ');
  const html = pagefindExcerpt(words.join(' '), [1, 4, 5], 36);
  expect(html).toBe(
    'The <mark>quantum</mark> cafe sells <mark>quantum</mark> <mark>coffee</mark> and more words follow here',
  );
});

test('English terms far apart are both shown, the text around them escaped', () => {
  const filler = Array.from({ length: 80 }, (_, i) => `w${i}`).join(' ');
  const raw = `Intro &lt;b&gt; quantum ideas. ${filler} we drink Coffee. The end`;
  const html = pagefindExcerpt(raw, [2, 86], 20);
  expect(marked(html)).toEqual(['quantum', 'Coffee.']);
  expect(html).toContain('&lt;b&gt;');
  expect(html).not.toContain('<b>');
  expect(html).toMatch(/<mark>quantum<\/mark>.* … .*<mark>Coffee\.<\/mark>/u);
  expect(html.split(' ').length).toBeLessThanOrEqual(20 + 3);
});

test('a longer word starting with a term (量子力学 for 量子) is the same term, not another window', () => {
  const raw = ['量子', '计算', ...Array<string>(60).fill('词'), '量子力学', '。'].join(ZWS);
  const html = pagefindExcerpt(raw, [0, 62], 10);
  expect(marked(html)).toEqual(['量子']);
  expect(html).not.toContain('…<mark>');
});

test('without locations the start of the text is shown', () => {
  expect(pagefindExcerpt('a b c d e', [], 3)).toBe('a b c …');
});

test("Pagefind's own excerpt is kept when it shows every term, replaced when it misses one", () => {
  const own = 'The <mark>quantum</mark> <mark>coffee</mark> here';
  const raw = 'The quantum coffee here';
  expect(resultExcerpt({ excerpt: own, raw_content: raw, locations: [1, 2] }, 36)).toBe(own);
  // Its excerpt of the Chinese page marks 量子 only.
  const partial = '文章. <mark>量子</mark>计算是未来。今天天气很好';
  const fixed = resultExcerpt({ excerpt: partial, raw_content: CHINESE, locations: [3, 101] }, 36);
  expect(marked(fixed)).toEqual(['量子', '咖啡']);
  expect(resultExcerpt({ excerpt: partial }, 36)).toBe(partial);
});
