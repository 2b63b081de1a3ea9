import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { ApiError } from '@/lib/http.ts';
import { Code } from '@/lib/shared/codes.ts';
import { useConfirmedDelete } from './use-confirmed-delete.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  id: number;
}

let root: Root;
let view: ReturnType<typeof useConfirmedDelete<Row>>;
let removed: number[];
let done: number[];
let failures: number[];
let refuse: boolean;

function Probe() {
  view = useConfirmedDelete<Row>(
    async (row) => {
      if (refuse) throw new ApiError(Code.REFUSED, 'in use');
      removed.push(row.id);
    },
    (row) => done.push(row.id),
    (failure) => failures.push(failure.code),
  );
  return null;
}

beforeEach(async () => {
  removed = [];
  done = [];
  failures = [];
  refuse = false;
  root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
});

afterEach(async () => {
  await act(async () => root.unmount());
});

test('asks about a record, removes it on confirm, then closes and reports', async () => {
  expect(view.dialogProps).toMatchObject({ open: false, danger: true, busy: false, error: null });
  await act(async () => view.ask({ id: 7 }));
  expect(view.deleting).toEqual({ id: 7 });
  expect(view.dialogProps.open).toBe(true);
  await act(async () => view.dialogProps.onConfirm());
  expect(removed).toEqual([7]);
  expect(done).toEqual([7]);
  expect(view.deleting).toBeNull();
  expect(view.dialogProps.open).toBe(false);
});

test('a failure stays in the open dialog until it is asked again', async () => {
  refuse = true;
  await act(async () => view.ask({ id: 3 }));
  await act(async () => view.dialogProps.onConfirm());
  expect(done).toEqual([]);
  expect(failures).toEqual([Code.REFUSED]);
  expect(view.dialogProps.open).toBe(true);
  expect(view.dialogProps.error).not.toBeNull();
  await act(async () => view.dialogProps.onCancel());
  expect(view.dialogProps.open).toBe(false);
  await act(async () => view.ask({ id: 3 }));
  expect(view.dialogProps.error).toBeNull();
});
