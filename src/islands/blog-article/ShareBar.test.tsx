import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import ShareBar from './ShareBar.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const URL_OF_ARTICLE = 'https://site.example/blog/abc';
let root: Root;
let host: HTMLDivElement;
let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

function answer(code: number, data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ code, message: '', data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function button(text: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((b) => b.textContent?.includes(text));
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
    await Promise.resolve();
  });
}

beforeEach(async () => {
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<ShareBar url={URL_OF_ARTICLE} />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('copies the link and says so', async () => {
  const writeText = vi.fn(async () => {});
  vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
  await click(button('Copy link'));
  expect(writeText).toHaveBeenCalledWith(URL_OF_ARTICLE);
  expect(host.querySelector('[role="status"]')?.textContent).toContain('Link copied.');
});

test('says when the browser refuses to copy', async () => {
  const writeText = vi.fn(async () => {
    throw new Error('denied');
  });
  vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
  await click(button('Copy link'));
  expect(host.querySelector('[role="status"]')?.textContent).toContain(
    'copy the link from the address bar',
  );
});

test('shows the QR code of the link in a dialog, fetched once', async () => {
  fetchMock.mockImplementation(async () => answer(1, 'data:image/png;base64,QR=='));
  await click(button('QR code'));
  await act(async () => {
    await vi.waitFor(() => expect(host.querySelector('dialog img')).not.toBeNull());
  });
  const sent = new URL(fetchMock.mock.calls[0]?.[0].url ?? '');
  expect(sent.pathname).toBe('/api/common/qrcode');
  expect(sent.searchParams.get('data')).toBe(URL_OF_ARTICLE);
  const img = host.querySelector('dialog img');
  expect(img?.getAttribute('src')).toBe('data:image/png;base64,QR==');
  expect(img?.getAttribute('alt')).toContain(URL_OF_ARTICLE);
  expect(host.querySelector('dialog')?.open).toBe(true);

  await click(button('Close'));
  expect(host.querySelector('dialog')?.open).toBe(false);
  await click(button('QR code'));
  expect(host.querySelector('dialog img')).not.toBeNull();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('says when the QR code could not be made', async () => {
  fetchMock.mockImplementation(async () => answer(-429, null, 429));
  await click(button('QR code'));
  await act(async () => {
    await vi.waitFor(() => expect(host.querySelector('dialog [role="alert"]')).not.toBeNull());
  });
  expect(host.querySelector('dialog img')).toBeNull();
});

test('prints the page', async () => {
  const print = vi.fn();
  Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
  await click(button('Print'));
  expect(print).toHaveBeenCalledTimes(1);
});
