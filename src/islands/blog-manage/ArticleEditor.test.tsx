import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as BlogManage from '@/lib/api/blog-manage.ts';
import type * as SiteBuildSocket from '@/lib/api/site-build-socket.ts';
import type { Article, ArticleBody, Term } from '@/lib/api/blog-manage.ts';
import { DEFAULT_LOCALE } from '@/lib/i18n/index.ts';
import { $locale } from '@/lib/stores/prefs.ts';
import ArticleEditor from './ArticleEditor.tsx';
import { AUTOSAVE_DELAY_MS, autosaveKey, loadDraft } from './autosave.ts';
import { uploadPlaceholder } from './markdown-insert.ts';

const api = vi.hoisted(() => ({
  getArticle: vi.fn<(id: string) => Promise<Article>>(),
  createArticle: vi.fn<(body: ArticleBody) => Promise<Article>>(),
  updateArticle: vi.fn<(id: string, body: ArticleBody) => Promise<Article>>(),
  listTerms: vi.fn<(kind: 'category' | 'tag') => Promise<Term[]>>(),
  uploadArticleImage: vi.fn<(file: Blob) => Promise<string>>(),
  watchSiteBuild: vi.fn(() => () => {}),
}));
vi.mock('@/lib/api/blog-manage.ts', async (original) => ({
  ...(await original<typeof BlogManage>()),
  ...api,
}));
vi.mock('@/lib/api/site-build-socket.ts', async (original) => ({
  ...(await original<typeof SiteBuildSocket>()),
  watchSiteBuild: api.watchSiteBuild,
}));
vi.mock('@/lib/markdown/render.ts', () => ({
  renderArticle: async (markdown: string) => ({
    html: `<p class="rendered">${markdown.length}</p>`,
    toc: [],
    readingMinutes: 1,
  }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const time = '2026-05-01T08:00:00.000Z';
const term = (id: number, name: string): Term => ({
  id,
  name,
  count: 0,
  createTime: time,
  updateTime: time,
});

function stored(body: ArticleBody, id = 'a1'): Article {
  return {
    id,
    title: body.title,
    summary: '',
    cover: body.cover ?? null,
    category: { id: body.categoryId, name: 'Notes' },
    tags: [],
    pinned: body.pinned ?? false,
    views: 0,
    publishTime: body.status === 'draft' ? null : time,
    createTime: time,
    updateTime: time,
    status: body.status,
    content: body.content,
    writtenSummary: body.summary ?? null,
    previous: null,
    next: null,
  };
}

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  vi.useFakeTimers();
  // Text from t() follows the language; the tests read the English.
  $locale.set('en');
  localStorage.clear();
  window.history.replaceState(null, '', '/blog/manage/article/add');
  for (const mock of Object.values(api)) mock.mockReset();
  api.listTerms.mockImplementation(async (kind) =>
    kind === 'category' ? [term(1, 'Notes'), term(2, 'Travel')] : [term(5, 'astro')],
  );
  api.createArticle.mockImplementation(async (body) => stored(body));
  api.updateArticle.mockImplementation(async (id, body) => stored(body, id));
  api.watchSiteBuild.mockImplementation(() => () => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  $locale.set(DEFAULT_LOCALE);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 5; i += 1) await vi.advanceTimersByTimeAsync(0);
  });
}

async function mount(mode: 'add' | 'edit') {
  await act(async () => root.render(<ArticleEditor mode={mode} />));
  await settle();
}

/** The control a label (in either language) names. */
function labelled<T extends HTMLElement>(text: string): T {
  const label = [...host.querySelectorAll('label')].find((l) => l.textContent?.includes(text));
  const target = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!target) throw new Error(`no control labelled ${text}`);
  return target as T;
}

function button(text: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((b) => b.textContent?.includes(text));
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    element instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function choose(element: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(
      element,
      value,
    );
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}

test('the Markdown field is named "Markdown" and the preview renders it in prose-article', async () => {
  await mount('add');
  const markdown = labelled<HTMLTextAreaElement>('Markdown');
  expect(markdown.tagName).toBe('TEXTAREA');
  await type(markdown, 'hello');
  await settle(300);
  expect(host.querySelector('.prose-article .rendered')?.textContent).toBe('5');
});

test('a new article is sent with what was typed; the page becomes its edit page', async () => {
  await mount('add');
  await type(labelled('Title'), '  My first post ');
  await choose(labelled('Category'), '2');
  await type(labelled('Markdown'), '# Hi');
  await click(button('Save draft'));
  expect(api.createArticle).toHaveBeenCalledWith({
    title: 'My first post',
    content: '# Hi',
    summary: null,
    cover: null,
    categoryId: 2,
    tagIds: [],
    status: 'draft',
    publishTime: null,
    pinned: false,
  });
  expect(window.location.pathname).toBe('/blog/manage/article/edit/a1');
  expect(host.textContent).toContain('The draft was saved.');
  // The rebuild is followed once saved.
  expect(api.watchSiteBuild).toHaveBeenCalled();
  await settle(AUTOSAVE_DELAY_MS);
  expect(localStorage.getItem(autosaveKey(null))).toBeNull();
  expect(localStorage.getItem(autosaveKey('a1'))).toBeNull();
});

test('nothing is sent without a title or a category; the field is marked', async () => {
  await mount('add');
  await type(labelled('Title'), 'Untitled?');
  await click(button('Save draft'));
  expect(api.createArticle).not.toHaveBeenCalled();
  expect(labelled('Category').getAttribute('aria-invalid')).toBe('true');
  expect(host.textContent).toContain('Please choose a category.');
});

test('unsaved work is kept on the device and offered back when the editor opens again', async () => {
  await mount('add');
  await type(labelled('Title'), 'Kept');
  await type(labelled('Markdown'), 'typed but not saved');
  await settle(AUTOSAVE_DELAY_MS);
  expect(loadDraft(null)?.draft).toMatchObject({ title: 'Kept', content: 'typed but not saved' });

  await act(async () => root.unmount());
  root = createRoot(host);
  await mount('add');
  expect(labelled<HTMLTextAreaElement>('Markdown').value).toBe('');
  expect(host.textContent).toContain('Restore unsaved changes?');
  await click(button('Restore'));
  expect(labelled<HTMLTextAreaElement>('Markdown').value).toBe('typed but not saved');
  expect(labelled<HTMLInputElement>('Title').value).toBe('Kept');
});

test('discarding the offer forgets the kept work', async () => {
  await mount('add');
  await type(labelled('Markdown'), 'throw away');
  await settle(AUTOSAVE_DELAY_MS);
  await act(async () => root.unmount());
  root = createRoot(host);
  await mount('add');
  await click(button('Discard'));
  expect(loadDraft(null)).toBeNull();
  expect(host.textContent).not.toContain('Restore unsaved changes?');
});

test('a pasted picture holds its place at the cursor while uploading, then becomes ![name](url)', async () => {
  let finish: (url: string) => void = () => {};
  api.uploadArticleImage.mockImplementation(
    () => new Promise<string>((resolve) => (finish = resolve)),
  );
  await mount('add');
  const markdown = labelled<HTMLTextAreaElement>('Markdown');
  await type(markdown, 'before\nafter');
  markdown.setSelectionRange(7, 7);
  const file = new File([new Uint8Array(10)], 'chart.png', { type: 'image/png' });
  await act(async () => {
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { files: [file] } });
    markdown.dispatchEvent(paste);
  });
  await settle();
  expect(markdown.value).toBe(`before\n${uploadPlaceholder('chart.png', 1)}\nafter`);
  expect(api.uploadArticleImage).toHaveBeenCalledWith(file, expect.anything());
  expect(host.querySelector('progress')).not.toBeNull();

  await act(async () => finish('/uploads/article/k.webp'));
  await settle();
  expect(markdown.value).toBe('before\n![chart](/uploads/article/k.webp)\nafter');
  expect(host.querySelector('progress')).toBeNull();
});

test('a dropped file that is not a supported picture is refused with a note', async () => {
  await mount('add');
  const markdown = labelled<HTMLTextAreaElement>('Markdown');
  const file = new File(['%PDF'], 'paper.pdf', { type: 'application/pdf' });
  await act(async () => {
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [file], types: ['Files'] } });
    markdown.dispatchEvent(drop);
  });
  await settle();
  expect(api.uploadArticleImage).not.toHaveBeenCalled();
  expect(markdown.value).toBe('');
  expect(host.textContent).toContain('paper.pdf: only PNG, JPEG, WebP or GIF');
});

test('the edit page loads the article by the id in its path and saves it with PUT', async () => {
  window.history.replaceState(null, '', '/blog/manage/article/edit/a7');
  api.getArticle.mockResolvedValue(
    stored(
      {
        title: 'Old',
        content: 'body',
        categoryId: 1,
        status: 'published',
        tagIds: [],
      },
      'a7',
    ),
  );
  await mount('edit');
  expect(api.getArticle).toHaveBeenCalledWith('a7');
  expect(labelled<HTMLInputElement>('Title').value).toBe('Old');
  await type(labelled('Title'), 'New');
  await click(button('Update'));
  expect(api.updateArticle).toHaveBeenCalledWith(
    'a7',
    expect.objectContaining({ title: 'New', status: 'published', categoryId: 1 }),
  );
  expect(host.textContent).toContain('Updated.');
});

test('an edit page for an unknown article says so', async () => {
  window.history.replaceState(null, '', '/blog/manage/article/edit/_');
  await mount('edit');
  expect(api.getArticle).not.toHaveBeenCalled();
  expect(host.textContent).toContain('This article was not found');
});
