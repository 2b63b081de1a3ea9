import { expect, test } from 'vitest';
import { fail, ok, page } from './envelope.ts';

test('success and failure envelopes', () => {
  expect(ok({ a: 1 })).toEqual({ code: 1, message: '操作成功', data: { a: 1 } });
  expect(fail(-404, 'gone')).toEqual({ code: -404, message: 'gone', data: null });
});

test('the page shape counts pages from the total', () => {
  expect(page(['a', 'b'], 41, 3, 20)).toEqual({
    records: ['a', 'b'],
    totalRecordNum: 41,
    totalPageNum: 3,
    pageNum: 3,
    pageSize: 20,
  });
  expect(page([], 0, 1, 20).totalPageNum).toBe(0);
});
