import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as Proxy from '@/lib/api/proxy.ts';
import type { SubscriptionDto, SyncedSubscription } from '@/lib/api/proxy.ts';
import type { Page } from '@/lib/shared/codes.ts';
import { DEFAULT_LOCALE } from '@/lib/i18n/index.ts';
import { $locale } from '@/lib/stores/prefs.ts';
import SubscriptionTable from './SubscriptionTable.tsx';
import { button, click, settle } from './dom.test-helpers.ts';

const api = vi.hoisted(() => ({
  listSubscriptions: vi.fn<() => Promise<Page<SubscriptionDto>>>(),
  syncSubscription: vi.fn<(id: string) => Promise<SyncedSubscription>>(),
  deleteSubscription: vi.fn<(id: string) => Promise<void>>(),
}));
vi.mock('@/lib/api/proxy.ts', async (original) => ({
  ...(await original<typeof Proxy>()),
  ...api,
}));

const time = '2026-05-01T08:00:00.000Z';
const GiB = 1024 ** 3;
const sub: SubscriptionDto = {
  id: 's1',
  name: 'Provider',
  url: 'https://sub.example/path?token=secret',
  intervalHours: 6,
  prefix: '',
  include: '',
  exclude: '',
  nodeCount: 12,
  lastSync: null,
  lastSuccessTime: null,
  nextSyncTime: null,
  userinfo: { upload: GiB, download: 2 * GiB, total: 100 * GiB, expire: 1_800_000_000 },
  createTime: time,
  updateTime: time,
};

let root: Root;
let host: HTMLDivElement;

beforeEach(async () => {
  $locale.set('en');
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  window.history.replaceState(null, '', '/proxy/sub/list');
  api.listSubscriptions.mockResolvedValue({
    records: [sub],
    totalRecordNum: 1,
    totalPageNum: 1,
    pageNum: 1,
    pageSize: 20,
  });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<SubscriptionTable />));
  await settle();
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.clearAllMocks();
  $locale.set(DEFAULT_LOCALE);
});

test('a row shows the quota in human bytes, the host only, and that it was never synced', () => {
  const row = host.querySelector('tbody tr');
  expect(row?.textContent).toContain('3 GB used of 100 GB');
  expect(row?.textContent).toContain('Expires');
  expect(row?.textContent).toContain('sub.example');
  expect(row?.textContent).not.toContain('secret');
  expect(row?.textContent).toContain('Not synced yet');
});

test('sync now waits busy, then shows the result in its row and above the table', async () => {
  let finish: (value: SyncedSubscription) => void = () => {};
  api.syncSubscription.mockReturnValue(new Promise((resolve) => (finish = resolve)));
  await click(button(host, 'Sync now “Provider”'));
  const busy = button(host, 'Syncing “Provider”');
  expect(busy.disabled).toBe(true);

  await act(async () =>
    finish({
      synced: true,
      subscription: {
        ...sub,
        nodeCount: 10,
        lastSync: { time, ok: true, changed: true, nodesFound: 11, error: null },
      },
    }),
  );
  await settle();
  expect(button(host, 'Sync now “Provider”').disabled).toBe(false);
  expect(host.textContent).toContain('OK · 11 nodes found');
  expect(host.textContent).toContain(
    '“Provider” synced: 11 nodes found, 10 kept after the filters.',
  );
});

test('deleting asks first and says the nodes go too', async () => {
  api.deleteSubscription.mockResolvedValue(undefined);
  await click(button(host, 'Delete subscription “Provider”'));
  expect(host.querySelector('dialog')?.textContent).toContain('the 12 nodes it brought');
  const confirm = [...(host.querySelector('dialog')?.querySelectorAll('button') ?? [])].find((b) =>
    b.textContent?.includes('Delete it and its nodes'),
  );
  if (!confirm) throw new Error('no confirm button');
  await click(confirm);
  await settle();
  expect(api.deleteSubscription).toHaveBeenCalledWith('s1');
  expect(api.listSubscriptions).toHaveBeenCalledTimes(2);
});
