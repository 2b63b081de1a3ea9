import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { UserExtra } from '@/lib/api/admin-types.ts';
import type { ExtraState } from './GithubSection.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
let githubSignIn: boolean;

const notLinked: UserExtra = { hasPassword: true, githubLinked: false, githubLogin: null };
const linked: UserExtra = { hasPassword: true, githubLinked: true, githubLogin: 'octocat' };

async function mount(extra: ExtraState): Promise<void> {
  vi.resetModules();
  const { default: GithubSection } = await import('./GithubSection.tsx');
  await act(async () =>
    root.render(<GithubSection extra={extra} onRetry={() => {}} onUnlinked={() => {}} />),
  );
}

const buttons = () => [...container.querySelectorAll('button')].map((b) => b.textContent ?? '');

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 1, message: '', data: { githubSignIn } }), {
          status: 200,
        }),
    ),
  );
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

test('GitHub sign-in not set up and not linked: no GitHub part at all', async () => {
  githubSignIn = false;
  await mount({ kind: 'ready', extra: notLinked });
  expect(container.innerHTML).toBe('');
});

test('GitHub sign-in set up: the link button', async () => {
  githubSignIn = true;
  await mount({ kind: 'ready', extra: notLinked });
  expect(buttons().some((text) => /GitHub/.test(text))).toBe(true);
});

test('not set up any more but still linked: the account can still be unlinked', async () => {
  githubSignIn = false;
  await mount({ kind: 'ready', extra: linked });
  expect(container.textContent).toContain('octocat');
  expect(buttons()).toHaveLength(1);
});
