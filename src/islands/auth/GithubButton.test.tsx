import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
let settings: () => Promise<Response>;
let asked: string[];

function envelope(data: unknown, code = 1, status = 200): Response {
  return new Response(JSON.stringify({ code, message: '', data }), { status });
}

/** The login form's GitHub part, with the modules fresh (the settings are asked once per page). */
async function mount(): Promise<void> {
  vi.resetModules();
  const { default: GithubButton } = await import('./GithubButton.tsx');
  await act(async () => root.render(<GithubButton />));
}

const button = () =>
  [...container.querySelectorAll('button')].find((b) => /GitHub/.test(b.textContent ?? ''));

beforeEach(() => {
  asked = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      asked.push(path);
      if (path === '/api/common/settings') return settings();
      return envelope(null, -404, 404);
    }),
  );
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('GitHub sign-in not set up: no button and no "or"', async () => {
  settings = async () => envelope({ githubSignIn: false });
  await mount();
  expect(asked).toEqual(['/api/common/settings']);
  expect(button()).toBeUndefined();
  expect(container.textContent).toBe('');
});

test('GitHub sign-in set up: "Continue with GitHub" after "or"', async () => {
  settings = async () => envelope({ githubSignIn: true });
  await mount();
  expect(button()).toBeDefined();
  expect(button()?.disabled).toBe(false);
  expect(container.querySelector('.invisible')).toBeNull();
});

test('until the settings are known, the place is kept but nothing is shown or focusable', async () => {
  let answer: (response: Response) => void = () => {};
  settings = () => new Promise((resolve) => (answer = resolve));
  await mount();
  const part = container.firstElementChild as HTMLElement;
  expect(part.className).toContain('invisible');
  expect(part.hasAttribute('inert')).toBe(true);
  await act(async () => answer(envelope({ githubSignIn: true })));
  expect(container.querySelector('.invisible')).toBeNull();
  expect(button()).toBeDefined();
});

test('settings that cannot be read: GitHub is not offered', async () => {
  settings = async () => envelope(null, -500, 500);
  await mount();
  expect(button()).toBeUndefined();
});
