import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as BlogManage from '@/lib/api/blog-manage.ts';
import type { Term } from '@/lib/api/blog-manage.ts';
import { ApiError } from '@/lib/http.ts';
import { DEFAULT_LOCALE } from '@/lib/i18n/index.ts';
import { $locale } from '@/lib/stores/prefs.ts';
import TermTable from './TermTable.tsx';

const api = vi.hoisted(() => ({
  listTerms: vi.fn<(kind: 'category' | 'tag') => Promise<Term[]>>(),
  deleteTerm: vi.fn<(kind: 'category' | 'tag', id: number, moveTo?: number) => Promise<void>>(),
}));
vi.mock('@/lib/api/blog-manage.ts', async (original) => ({
  ...(await original<typeof BlogManage>()),
  ...api,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const term = (id: number, name: string, count: number): Term => ({
  id,
  name,
  count,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
});

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  $locale.set('en');
  window.history.replaceState(null, '', '/blog/manage/category/list');
  api.listTerms.mockReset();
  api.deleteTerm.mockReset();
  api.listTerms.mockResolvedValue([term(1, 'Notes', 3), term(2, 'Travel', 1)]);
  // happy-dom's <dialog> has no modal behaviour; opening it is all the table needs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  $locale.set(DEFAULT_LOCALE);
});

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function button(label: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find(
    (b) => b.getAttribute('aria-label') === label || b.textContent?.includes(label),
  );
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

test('a category with articles: refused with the count, then deleted after choosing where they go', async () => {
  api.deleteTerm
    .mockRejectedValueOnce(
      new ApiError(
        0,
        '该分类下还有 3 篇文章，请先移走或删除 / The category still has 3 article(s): move or delete them first',
      ),
    )
    .mockResolvedValueOnce(undefined);
  await act(async () => root.render(<TermTable kind="category" />));
  await settle();
  const names = [...host.querySelectorAll('tbody th')].map((th) => th.textContent);
  expect(names).toEqual(['Notes', 'Travel']);

  await act(async () => button('Delete “Notes”').click());
  const dialog = host.querySelector('dialog');
  expect(dialog?.open).toBe(true);
  await act(async () => dialogButton('Delete').click());
  await settle();
  expect(api.deleteTerm).toHaveBeenLastCalledWith('category', 1, undefined);
  expect(dialog?.textContent).toContain('The category still has 3 article(s)');

  const select = dialog?.querySelector('select');
  if (!select) throw new Error('no move-to list');
  // Only the other categories can take the articles.
  expect([...select.options].map((o) => o.textContent)).toEqual([
    'Do not move them (refused if it has articles)',
    'Travel',
  ]);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, '2');
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await act(async () => dialogButton('Move articles and delete').click());
  await settle();
  expect(api.deleteTerm).toHaveBeenLastCalledWith('category', 1, 2);
  expect(host.textContent).toContain('“Notes” was deleted.');
  expect(api.listTerms).toHaveBeenCalledTimes(2);
});

function dialogButton(text: string): HTMLButtonElement {
  const found = [...(host.querySelector('dialog')?.querySelectorAll('button') ?? [])].find((b) =>
    b.textContent?.includes(text),
  );
  if (!found) throw new Error(`no dialog button ${text}`);
  return found;
}

test('the name filter and the sort are kept in the address', async () => {
  await act(async () => root.render(<TermTable kind="tag" />));
  await settle();
  const search = host.querySelector<HTMLInputElement>('input[type="search"]');
  if (!search) throw new Error('no search field');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(search, 'tra');
    search.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect([...host.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(['Travel']);
  expect(window.location.search).toBe('?q=tra');
});
