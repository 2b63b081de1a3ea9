import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as Proxy from '@/lib/api/proxy.ts';
import type { NodeDto, NodeUpdateBody } from '@/lib/api/proxy.ts';
import { ApiError } from '@/lib/http.ts';
import { DEFAULT_LOCALE } from '@/lib/i18n/index.ts';
import { $locale } from '@/lib/stores/prefs.ts';
import NodeEditor from './NodeEditor.tsx';
import { button, click, field, settle, type } from './dom.test-helpers.ts';

const api = vi.hoisted(() => ({
  getNode: vi.fn<(id: string) => Promise<NodeDto>>(),
  updateNode: vi.fn<(id: string, body: NodeUpdateBody) => Promise<NodeDto>>(),
}));
vi.mock('@/lib/api/proxy.ts', async (original) => ({
  ...(await original<typeof Proxy>()),
  ...api,
}));

const time = '2026-05-01T08:00:00.000Z';
const node: NodeDto = {
  id: 'n1',
  name: 'HK 01',
  type: 'vless',
  server: 'hk.example',
  port: 443,
  ports: null,
  region: 'HK',
  credentials: { id: 'uuid-1', flow: 'xtls-rprx-vision' },
  transport: { network: 'ws', host: 'cdn.example', path: '/ray', seed: 'kept' },
  tls: { security: 'tls', sni: 'cdn.example', ech: 'kept-too' },
  link: 'vless://uuid-1@hk.example:443?type=ws#HK%2001',
  subscription: { id: 's1', name: 'Provider' },
  createTime: time,
  updateTime: time,
};

let root: Root;
let host: HTMLDivElement;

async function open(path: string) {
  window.history.replaceState(null, '', path);
  await act(async () => root.render(<NodeEditor />));
  await settle();
}

beforeEach(() => {
  $locale.set('en');
  api.getNode.mockResolvedValue(node);
  api.updateNode.mockImplementation(async (_id, body) => ({
    ...node,
    ...body,
    subscription: null,
  }));
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.clearAllMocks();
  $locale.set(DEFAULT_LOCALE);
});

test('a synced node says that saving detaches it, and keeps the fields the form does not show', async () => {
  await open('/proxy/node/edit/n1');
  expect(api.getNode).toHaveBeenCalledWith('n1');
  expect(host.textContent).toContain('Saving your changes detaches it');
  expect(host.textContent).toContain(node.link);
  const save = button(host, 'Save and detach');
  expect(save.getAttribute('aria-describedby')).toBeTruthy();

  await type(field(host, 'Path'), '/new');
  await click(save);
  await settle();
  expect(api.updateNode).toHaveBeenCalledWith('n1', {
    name: 'HK 01',
    server: 'hk.example',
    port: 443,
    ports: null,
    credentials: node.credentials,
    transport: { network: 'ws', host: 'cdn.example', path: '/new', seed: 'kept' },
    tls: node.tls,
  });
  expect(host.textContent).toContain('it is now a node added by hand');
  expect(host.textContent).not.toContain('Saving your changes detaches it');
});

test('a required field left blank is marked and nothing is sent', async () => {
  await open('/proxy/node/edit/n1');
  await type(field(host, 'User ID'), '');
  await click(button(host, 'Save and detach'));
  expect(api.updateNode).not.toHaveBeenCalled();
  expect(field(host, 'User ID').getAttribute('aria-invalid')).toBe('true');
});

test('an unknown id says the node is missing', async () => {
  api.getNode.mockRejectedValue(new ApiError(-404, '节点不存在 / No such node'));
  await open('/proxy/node/edit/gone');
  expect(host.textContent).toContain('This node was not found');
});
