import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { User } from '@/server/user/user.schema.ts';
import type { Comment, CommentThread } from '@/lib/api/blog.ts';
import { PRE_ROUTE_KEY } from '@/lib/storage.ts';
import { $sessionStatus, $user } from '@/lib/stores/session.ts';
import Comments from './Comments.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const reader: User = {
  id: 'u2',
  username: 'bob',
  isLocked: false,
  email: 'bob@example.com',
  permissions: [],
  nickname: 'Bob',
  avatar: null,
  createTime: '2026-01-01T00:00:00+00:00',
  updateTime: '2026-01-01T00:00:00+00:00',
};

function comment(id: string, parentId: string | null, extra: Partial<Comment> = {}): Comment {
  return {
    id,
    articleId: 'a1',
    parentId,
    replyTo: null,
    author: { id: 'u1', nickname: `Nick ${id}`, avatar: null },
    html: `<p>Body ${id}</p>`,
    createTime: '2026-01-02T03:04:05.000Z',
    thumbsUp: 2,
    thumbsDown: 0,
    myVote: null,
    canDelete: false,
    ...extra,
  };
}

const threads: CommentThread[] = [
  {
    ...comment('t1', null),
    replies: [
      comment('r1', 't1'),
      comment('r2', 'r1', { replyTo: { id: 'r1', nickname: 'Nick r1' } }),
    ],
  },
];

type Handler = (request: Request) => { code: number; message?: string; data: unknown };
let handler: Handler;
let requests: Request[];
let root: Root;
let host: HTMLDivElement;

function page(records: CommentThread[], pageNum = 1, totalPageNum = 1, total = records.length) {
  return { records, pageNum, totalPageNum, totalRecordNum: total, pageSize: 20 };
}

beforeEach(() => {
  requests = [];
  handler = () => ({ code: 1, data: page(threads) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      const { code, message = '', data } = handler(request);
      return new Response(JSON.stringify({ code, message, data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  $user.set(null);
  $sessionStatus.set('idle');
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function render() {
  await act(async () => root.render(<Comments articleId="a1" />));
  await settle();
}

/** The English half of a bilingual text node (Msg renders both languages). */
function english(element: Element | null | undefined): string {
  return [...(element?.querySelectorAll('[data-i18n="en"]') ?? [])]
    .map((node) => node.textContent)
    .join(' ');
}

function button(label: RegExp): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find(
    (b) => label.test(b.getAttribute('aria-label') ?? '') || label.test(english(b)),
  );
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

test('shows the threads with replies under their comment and "@name" for deeper replies', async () => {
  $sessionStatus.set('ready');
  await render();
  expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/blog/comment/article/a1');
  const top = host.querySelector('#comment-t1');
  expect(top?.textContent).toContain('Nick t1');
  const replies = [...host.querySelectorAll('#comment-t1 ~ ul > li article')].map((a) => a.id);
  expect(replies).toEqual(['comment-r1', 'comment-r2']);
  const mention = host.querySelector('#comment-r2 a[href="#comment-r1"]');
  expect(english(mention)).toBe('Reply to @Nick r1');
  // All loaded: the heading counts every comment, replies too.
  expect(english(host.querySelector('h2'))).toBe('Comments (3)');
  // The server's sanitised HTML is the body.
  expect(host.querySelector('#comment-r1 p')?.textContent).toBe('Body r1');
});

test('anonymous readers get a sign-in link that remembers to come back to the comments', async () => {
  $sessionStatus.set('ready');
  await render();
  expect(host.querySelector('textarea')).toBeNull();
  expect(host.querySelectorAll('button[aria-pressed]')).toHaveLength(0);
  const link = host.querySelector<HTMLAnchorElement>('a[href="/auth/login"]');
  expect(link).not.toBeNull();
  link?.addEventListener('click', (event) => event.preventDefault());
  await act(async () => link?.click());
  expect(localStorage.getItem(PRE_ROUTE_KEY)).toBe(`${window.location.pathname}#comments`);
});

test('a thumb shows the new counts and its pressed state from the answer', async () => {
  $user.set(reader);
  $sessionStatus.set('ready');
  await render();
  handler = () => ({ code: 1, data: { thumbsUp: 3, thumbsDown: 0, myVote: 'up' } });
  const up = host.querySelector<HTMLButtonElement>('#comment-t1 button[aria-pressed]');
  expect(up?.getAttribute('aria-pressed')).toBe('false');
  await act(async () => up?.click());
  await settle();
  expect(new URL(requests.at(-1)?.url ?? '').pathname).toBe('/api/blog/comment/thumbs-up/t1');
  const after = host.querySelector<HTMLButtonElement>('#comment-t1 button[aria-pressed]');
  expect(after?.getAttribute('aria-pressed')).toBe('true');
  expect(after?.textContent).toContain('3');
  expect(english(after)).toBe('Thumbs up');
  // Pressing it again removes the vote.
  handler = () => ({ code: 1, data: { thumbsUp: 2, thumbsDown: 0, myVote: null } });
  await act(async () => after?.click());
  await settle();
  expect(new URL(requests.at(-1)?.url ?? '').pathname).toBe('/api/blog/comment/thumbs-none/t1');
});

test('posting shows the comment; a rate limit says how long to wait', async () => {
  $user.set(reader);
  $sessionStatus.set('ready');
  await render();
  const textarea = host.querySelector('textarea');
  if (!textarea) throw new Error('no editor');
  const type = async (value: string) => {
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      setter?.call(textarea, value);
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  await type('Hello **there**');
  handler = () => ({
    code: 1,
    data: comment('t2', null, { html: '<p>Hello <strong>there</strong></p>', canDelete: true }),
  });
  await act(async () => button(/^Post comment$/).click());
  await settle();
  expect(JSON.parse(await (requests.at(-1)?.clone().text() ?? '{}'))).toEqual({
    articleId: 'a1',
    content: 'Hello **there**',
  });
  expect(host.querySelector('#comment-t2 strong')?.textContent).toBe('there');
  expect(textarea.value).toBe('');

  await type('Again');
  handler = () => ({ code: -429, message: 'Too many', data: { retryAfterSeconds: 42 } });
  await act(async () => button(/^Post comment$/).click());
  await settle();
  expect(english(host.querySelector('form [aria-live="assertive"]'))).toBe(
    'Too many attempts; try again in 0:42.',
  );
  expect(textarea.value).toBe('Again');
});

test('deleting asks first, then removes the comment and its replies', async () => {
  $user.set({ ...reader, permissions: ['blog:article:manage'] });
  $sessionStatus.set('ready');
  await render();
  // A blog manager may delete any comment, whatever canDelete says.
  await act(async () =>
    host.querySelector<HTMLButtonElement>('#comment-r1 .text-warn-fg')?.click(),
  );
  expect(english(host.querySelector('#comment-r1 [role="group"]'))).toContain(
    'Delete this comment and all replies to it?',
  );
  handler = () => ({ code: 1, data: null });
  const confirm = [
    ...host.querySelectorAll<HTMLButtonElement>('#comment-r1 [role="group"] button'),
  ][0];
  await act(async () => confirm?.click());
  await settle();
  expect(requests.at(-1)?.method).toBe('DELETE');
  expect(host.querySelector('#comment-r1')).toBeNull();
  expect(host.querySelector('#comment-r2')).toBeNull();
  expect(host.querySelector('#comment-t1')).not.toBeNull();
});

test('an empty article says so, and "load more" fetches the next page', async () => {
  $sessionStatus.set('ready');
  handler = () => ({ code: 1, data: page([]) });
  await render();
  expect(english(host)).toContain('No comments yet');

  await act(async () => root.unmount());
  root = createRoot(host);
  handler = (request) =>
    new URL(request.url).searchParams.get('pageNum') === '2'
      ? { code: 1, data: page([{ ...comment('t9', null), replies: [] }], 2, 2, 2) }
      : { code: 1, data: page(threads, 1, 2, 2) };
  await render();
  expect(english(host.querySelector('h2'))).toBe('Comments (4+)');
  await act(async () => button(/^Load more comments$/).click());
  await settle();
  expect(host.querySelector('#comment-t9')).not.toBeNull();
  expect(() => button(/^Load more comments$/)).toThrow();
  expect(english(host.querySelector('h2'))).toBe('Comments (4)');
});
