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
