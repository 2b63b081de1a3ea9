import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Page } from '@/lib/shared/codes.ts';
import { replaceRecord, usePagedRows } from './use-paged-rows.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface State {
  pageNum: number;
}

let root: Root;
let view: ReturnType<typeof usePagedRows<State, string>> & { go: (pageNum: number) => void };
let pages: number;
let fail: boolean;
let asked: number[];

function pageOf(pageNum: number): Page<string> {
  const records = pageNum <= pages ? [`row ${pageNum}`] : [];
  return { records, totalRecordNum: pages, totalPageNum: pages, pageNum, pageSize: 1 };
}

function Probe() {
  const [state, setState] = useState<State>({ pageNum: 1 });
  const rows = usePagedRows<State, string>({
    state,
    setState,
    ready: true,
    toQuery: (s) => (s.pageNum === 1 ? '' : `page=${s.pageNum}`),
    load: async (s) => {
      asked.push(s.pageNum);
      if (fail) throw new Error('down');
      return pageOf(s.pageNum);
    },
    describe: (error) => `failed: ${(error as Error).message}`,
  });
  view = { ...rows, go: (pageNum) => setState({ pageNum }) };
  return null;
}

beforeEach(async () => {
  pages = 3;
  fail = false;
  asked = [];
  window.history.replaceState(null, '', '/list');
  root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
});

afterEach(async () => {
  await act(async () => root.unmount());
});

test('loads the page of the state and writes it into the address', async () => {
  expect(view.rows).toMatchObject({ kind: 'ready', page: { records: ['row 1'] } });
  await act(async () => view.go(2));
  expect(view.page?.records).toEqual(['row 2']);
  expect(window.location.search).toBe('?page=2');
});

test('a page past the end moves to the last one', async () => {
  pages = 2;
  await act(async () => view.go(5));
  expect(asked).toEqual([1, 5, 2]);
  expect(view.page?.pageNum).toBe(2);
});

test('a failure keeps the page on screen and the message, and reload tries again', async () => {
  fail = true;
  await act(async () => view.go(2));
  expect(view.rows).toMatchObject({ kind: 'error', text: 'failed: down' });
  expect(view.page?.records).toEqual(['row 1']);
  fail = false;
  await act(async () => view.reload());
  expect(view.rows).toMatchObject({ kind: 'ready', page: { records: ['row 2'] } });
});

test('replaceRecord shows a record changed here in place of the loaded one', () => {
  const page = {
    records: [
      { id: 1, n: 'a' },
      { id: 2, n: 'b' },
    ],
    totalRecordNum: 2,
    totalPageNum: 1,
    pageNum: 1,
    pageSize: 20,
  };
  expect(replaceRecord({ kind: 'ready', page }, { id: 2, n: 'B' })).toEqual({
    kind: 'ready',
    page: {
      ...page,
      records: [
        { id: 1, n: 'a' },
        { id: 2, n: 'B' },
      ],
    },
  });
  const loading = { kind: 'loading', previous: page } as const;
  expect(replaceRecord(loading, { id: 2, n: 'B' })).toBe(loading);
});
