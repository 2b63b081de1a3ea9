import { expect, test } from 'vitest';
import { pagefindQuery } from './search-terms.ts';

test('a run of Chinese is split into its words whatever the UI language, as Pagefind does for zh', () => {
  expect(pagefindQuery('量子咖啡')).toBe('量子 咖啡');
  expect(pagefindQuery('编辑邮箱')).toBe('编辑 邮箱');
});

test('other text is left as typed; Chinese among it is split too', () => {
  expect(pagefindQuery('hello-world')).toBe('hello-world');
  expect(pagefindQuery('Atrium 量子咖啡 SQL')).toBe('Atrium 量子 咖啡 SQL');
  expect(pagefindQuery('  咖啡  ')).toBe('咖啡');
});
