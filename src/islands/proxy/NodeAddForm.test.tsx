import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as Proxy from '@/lib/api/proxy.ts';
import type { NodeCreated, NodePreview } from '@/lib/api/proxy.ts';
import { DEFAULT_LOCALE } from '@/lib/i18n/index.ts';
import { $locale } from '@/lib/stores/prefs.ts';
import NodeAddForm from './NodeAddForm.tsx';
import { button, click, settle, type } from './dom.test-helpers.ts';

const api = vi.hoisted(() => ({
  previewNodes: vi.fn<(links: string) => Promise<NodePreview>>(),
  createNodes: vi.fn<(links: string) => Promise<NodeCreated>>(),
}));
vi.mock('@/lib/api/proxy.ts', async (original) => ({
  ...(await original<typeof Proxy>()),
  ...api,
}));

const time = '2026-05-01T08:00:00.000Z';
const good = {
  line: 1,
  name: '🇭🇰 HK 01',
  type: 'vless' as const,
  server: 'hk.example',
  port: 443,
  region: 'HK',
  link: 'vless://…',
};
const bad = {
  line: 2,
  link: 'nope://x',
  error: '不支持的类型 nope / unsupported link type “nope://”',
};

let root: Root;
let host: HTMLDivElement;

beforeEach(async () => {
  $locale.set('en');
  api.previewNodes.mockResolvedValue({ nodes: [good], errors: [bad] });
  api.createNodes.mockResolvedValue({
    nodes: [
      {
        id: 'n1',
        ...good,
        ports: null,
        credentials: {},
        transport: {},
        tls: {},
        subscription: null,
        createTime: time,
        updateTime: time,
      },
    ],
    errors: [bad],
  });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<NodeAddForm />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.clearAllMocks();
  $locale.set(DEFAULT_LOCALE);
});

const textarea = () => {
  const found = host.querySelector('textarea');
  if (!found) throw new Error('no textarea');
  return found;
};

test('an empty paste is refused before anything is sent', async () => {
  await click(button(host, 'Preview'));
  expect(api.previewNodes).not.toHaveBeenCalled();
  expect(host.textContent).toContain('Paste at least one link.');
  expect(textarea().getAttribute('aria-invalid')).toBe('true');
});

test('the preview lists what parsed and what did not; saving shows what was saved', async () => {
  await type(textarea(), 'vless://…\nnope://x\n');
  await click(button(host, 'Preview'));
  await settle();
  expect(api.previewNodes).toHaveBeenCalledWith('vless://…\nnope://x\n');
  expect(host.textContent).toContain('1 node can be saved');
  expect(host.textContent).toContain('🇭🇰 HK 01');
  expect(host.textContent).toContain('hk.example:443');
  expect(host.textContent).toContain('1 line could not be read');
  expect(host.textContent).toContain('Line 2');
  expect(host.textContent).toContain('unsupported link type “nope://”');

  await click(button(host, 'Save 1 node'));
  await settle();
  expect(api.createNodes).toHaveBeenCalledWith('vless://…\nnope://x\n');
  expect(host.textContent).toContain('1 node saved');
  expect(host.querySelector('a[href="/proxy/node/edit/n1"]')).not.toBeNull();
  expect(host.textContent).toContain('1 line not saved');
});

test('changing the text drops a preview that no longer matches it', async () => {
  await type(textarea(), 'vless://…');
  await click(button(host, 'Preview'));
  await settle();
  expect(host.textContent).toContain('can be saved');
  await type(textarea(), 'vless://… changed');
  expect(host.textContent).not.toContain('can be saved');
});
