import { expect, test } from 'vitest';
import { PRACTICE_DEMOS, ROUTES } from '../shared/routes.ts';
import { SECTIONS } from '../shared/sections.ts';
import { format, isMessageKey, messageKey, translate } from './index.ts';
import { LOCALES, MESSAGES } from './messages.ts';

test('every route title has a message', () => {
  const missing = ROUTES.map((r) => r.titleKey).filter((key) => !isMessageKey(key));
  expect(missing).toEqual([]);
});

test('every practice demo and section has its messages', () => {
  const keys = [
    ...PRACTICE_DEMOS.flatMap((demo) => [`practice.${demo}`, `practiceDesc.${demo}`]),
    ...SECTIONS.flatMap((s) => [`nav.${s.key}`, `section.${s.key}`]),
  ];
  expect(keys.filter((key) => !isMessageKey(key))).toEqual([]);
});

test('both languages have the same keys and no empty text', () => {
  const zhKeys = Object.keys(MESSAGES['zh-CN']).sort();
  for (const locale of LOCALES) {
    expect(Object.keys(MESSAGES[locale]).sort()).toEqual(zhKeys);
    expect(Object.values(MESSAGES[locale]).filter((text) => text.trim() === '')).toEqual([]);
  }
});

test('format fills known placeholders and leaves others', () => {
  expect(format('a {x} b {y}', { x: 1 })).toBe('a 1 b {y}');
  expect(translate('en', 'prefs.themeNow', { theme: 'Dark' })).toBe(
    'Theme: Dark (click to change)',
  );
});

test('messageKey rejects unknown keys', () => {
  expect(() => messageKey('no.such.key')).toThrow(/no.such.key/);
  expect(messageKey('page.index')).toBe('page.index');
});

/** Messages that show a count: the variable holding it, and the English for 1 and for 2. */
const COUNTS = [
  ['blogPage.views', 'count', '1 view', '2 views'],
  ['blogList.termLead', 'count', '1 article', '2 articles'],
  ['blogReader.search.count', 'count', '1 article found', '2 articles found'],
  ['blogManage.terms.articlesOf', 'count', '1 published article in', '2 published articles in'],
  ['blogManage.editor.current', 'views', '1 view', '2 views'],
  ['admin.list.found', 'count', '1 user found', '2 users found'],
] as const;

/** `phrase` as whole words of a text. */
function wholeWords(phrase: string): RegExp {
  return new RegExp(`(^|\\W)${phrase}(\\W|$)`);
}

test.each(COUNTS)(
  '%s: English says 1 in the singular and 2 in the plural',
  (key, name, one, two) => {
    const vars = { [name]: 1, name: 'x', status: 's' };
    expect(translate('en', key, vars)).toMatch(wholeWords(one));
    expect(translate('en', key, { ...vars, [name]: 2 })).toMatch(wholeWords(two));
  },
);

test.each(COUNTS)('%s: Chinese has one form', (key, name) => {
  const vars = { [name]: 1, name: 'x', status: 's' };
  expect(translate('zh-CN', key, { ...vars, [name]: 2 })).toBe(
    translate('zh-CN', key, vars).replace('1', '2'),
  );
});

test('translate picks the plural form by the language', () => {
  expect(translate('en', 'blogPage.views', { count: 1 })).toBe('1 view');
  expect(translate('en', 'blogPage.views', { count: 2 })).toBe('2 views');
  expect(translate('en', 'blogReader.search.count', { count: 1 })).toBe('1 article found');
  expect(translate('zh-CN', 'blogPage.views', { count: 1 })).toBe('1 次阅读');
});

test('no English message puts a count right before a plural noun without plural forms', () => {
  const bare = Object.entries(MESSAGES.en).filter(([, text]) =>
    /\{(count|n|total|views|pages|minutes|seconds)\} [a-z]+s\b/.test(text),
  );
  expect(bare).toEqual([]);
});

test('the site has one name, Atrium, in both languages (no leftover 晨星 of the older site)', () => {
  for (const locale of LOCALES) {
    expect(Object.entries(MESSAGES[locale]).filter(([, text]) => text.includes('晨星'))).toEqual(
      [],
    );
  }
  expect(translate('zh-CN', 'page.blog')).toBe('博客');
  expect(translate('en', 'page.blog')).toBe('Blog');
  expect(translate('zh-CN', 'page.nav')).toBe(translate('zh-CN', 'nav.nav'));
});
