import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { User } from '@/server/user/user.schema.ts';
import { $sessionStatus, $user } from '@/lib/stores/session.ts';
import ContactForm from './ContactForm.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user: User = {
  id: 'u1',
  username: 'ann',
  isLocked: false,
  email: 'ann@example.com',
  permissions: [],
  nickname: 'Ann',
  avatar: null,
  createTime: '2026-01-01T00:00:00+00:00',
  updateTime: '2026-01-01T00:00:00+00:00',
};

type Answer = { code: number; message?: string; data: unknown };
let contactAnswer: Answer;
let sent: unknown[];
let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  sent = [];
  contactAnswer = { code: 1, data: { id: 'm1' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      let answer: Answer;
      if (path === '/api/common/captcha/image') {
        answer = { code: 1, data: { sessionId: 's1', imageData: 'data:image/png;base64,AA==' } };
      } else {
        sent.push(JSON.parse(await request.text()));
        answer = contactAnswer;
      }
      return new Response(JSON.stringify({ message: '', ...answer }), {
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function field(name: string): HTMLInputElement | HTMLTextAreaElement {
  const found = host.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  if (!found) throw new Error(`no field ${name}`);
  return found;
}

async function type(name: string, value: string) {
  const element = field(name);
  const proto =
    element instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function english(element: Element | null | undefined): string {
  return [...(element?.querySelectorAll('[data-i18n="en"]') ?? [])]
    .map((node) => node.textContent)
    .join(' ');
}

async function submit() {
  await act(async () => host.querySelector('form')?.requestSubmit());
  await settle();
}

test('the signed-in reader’s email fills the field; the message is sent with the captcha', async () => {
  $user.set(user);
  $sessionStatus.set('ready');
  await act(async () => root.render(<ContactForm />));
  await settle();
  expect(field('email').value).toBe('ann@example.com');
  await type('subject', ' Hello ');
  await type('content', 'A message');
  await type('captcha', 'ab12');
  await submit();
  expect(sent).toEqual([
    {
      email: 'ann@example.com',
      subject: 'Hello',
      content: 'A message',
      sessionId: 's1',
      code: 'ab12',
    },
  ]);
  expect(english(host)).toContain('Your message is stored; the owner will read it.');
});

test('empty fields are refused before sending, and the first one gets the focus', async () => {
  $sessionStatus.set('ready');
  await act(async () => root.render(<ContactForm />));
  await settle();
  await submit();
  expect(sent).toEqual([]);
  expect(document.activeElement).toBe(field('email'));
  expect(field('content').getAttribute('aria-invalid')).toBe('true');
});

test('a refusal (too many messages) is shown and a new captcha is loaded', async () => {
  $sessionStatus.set('ready');
  await act(async () => root.render(<ContactForm />));
  await settle();
  await type('email', 'x@example.com');
  await type('subject', 'S');
  await type('content', 'C');
  await type('captcha', 'zz');
  contactAnswer = { code: -429, message: 'Too many', data: { retryAfterSeconds: 3600 } };
  await submit();
  expect(english(host.querySelector('[aria-live="assertive"]'))).toBe(
    'Too many attempts; try again in 60:00.',
  );
  expect(field('captcha').value).toBe('');
  expect(field('content').value).toBe('C');
});
