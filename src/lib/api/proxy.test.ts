import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  createNodes,
  createSubscription,
  createToken,
  deleteNode,
  deleteSubscription,
  deleteToken,
  getNode,
  getSubscription,
  getToken,
  listNodes,
  listSubscriptions,
  listTokenUses,
  listTokens,
  previewNodes,
  revokeToken,
  rotateToken,
  syncSubscription,
  updateNode,
  updateSubscription,
  updateToken,
  type NodeUpdateBody,
  type SubscriptionBody,
  type TokenBody,
} from './proxy.ts';
import { stubFetch, type Reply, type Sent } from './stub-fetch.test-helpers.ts';

let sent: Sent[];
let reply: Reply;

const calls = () => sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`);
const bodyOf = (i: number): unknown => JSON.parse(sent[i]?.body ?? 'null');

beforeEach(() => {
  sent = [];
  reply = () => ({ code: 1, message: 'ok', data: null });
  stubFetch((one) => {
    sent.push(one);
    return reply(one);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('listNodes sends paging, sorting and the filters given; blanks are left out', async () => {
  await listNodes({
    pageNum: 2,
    pageSize: 50,
    search: ' hk ',
    type: 'vless',
    region: 'none',
    subscriptionId: 'manual',
    sort: 'name',
    order: 'asc',
  });
  await listNodes({
    pageNum: 1,
    pageSize: 20,
    search: '  ',
    region: '',
    sort: 'createTime',
    order: 'desc',
  });
  expect(calls()).toEqual([
    'GET /api/proxy/node?pageNum=2&pageSize=50&search=hk&type=vless&region=none&subscriptionId=manual&sort=name&order=asc',
    'GET /api/proxy/node?pageNum=1&pageSize=20&sort=createTime&order=desc',
  ]);
});

test('node calls: one, preview, create, update, delete', async () => {
  const body: NodeUpdateBody = {
    name: 'n',
    server: 'h.example',
    port: 443,
    ports: null,
    credentials: { id: 'x' },
    transport: {},
    tls: {},
  };
  await getNode('a/b');
  await previewNodes('vless://…\nbad');
  await createNodes('vless://…');
  await updateNode('n1', body);
  await deleteNode('n1');
  expect(calls()).toEqual([
    'GET /api/proxy/node/a%2Fb',
    'POST /api/proxy/node/preview',
    'POST /api/proxy/node',
    'PUT /api/proxy/node/n1',
    'DELETE /api/proxy/node/n1',
  ]);
  expect(bodyOf(1)).toEqual({ links: 'vless://…\nbad' });
  expect(bodyOf(2)).toEqual({ links: 'vless://…' });
  expect(bodyOf(3)).toEqual(body);
});

test('subscription calls: list, one, create, update, sync now, delete', async () => {
  const body: SubscriptionBody = {
    name: 'Provider',
    url: 'https://sub.example/x',
    intervalHours: 6,
    prefix: '',
    include: '',
    exclude: '',
  };
  await listSubscriptions({
    pageNum: 1,
    pageSize: 100,
    search: 'pro',
    sort: 'lastSync',
    order: 'desc',
  });
  await getSubscription('s1');
  await createSubscription(body);
  await updateSubscription('s1', body);
  await syncSubscription('s1');
  await deleteSubscription('s1');
  expect(calls()).toEqual([
    'GET /api/proxy/sub?pageNum=1&pageSize=100&search=pro&sort=lastSync&order=desc',
    'GET /api/proxy/sub/s1',
    'POST /api/proxy/sub',
    'PUT /api/proxy/sub/s1',
    'POST /api/proxy/sub/s1/sync',
    'DELETE /api/proxy/sub/s1',
  ]);
  expect(bodyOf(2)).toEqual(body);
  expect(bodyOf(3)).toEqual(body);
});

test('token calls: list, one, create, update, rotate, revoke, delete, access log', async () => {
  const body: TokenBody = {
    name: 'Phone',
    scope: { mode: 'filter', include: 'HK', exclude: '', types: ['vless'] },
    expireTime: null,
    dailyLimit: 100,
    notes: '',
  };
  await listTokens({
    pageNum: 1,
    pageSize: 20,
    status: 'revoked',
    sort: 'expireTime',
    order: 'asc',
  });
  await getToken('t1');
  await createToken(body);
  await updateToken('t1', body);
  await rotateToken('t1');
  await revokeToken('t1');
  await deleteToken('t1');
  await listTokenUses('t1', { pageNum: 3, pageSize: 20 });
  expect(calls()).toEqual([
    'GET /api/proxy/token?pageNum=1&pageSize=20&status=revoked&sort=expireTime&order=asc',
    'GET /api/proxy/token/t1',
    'POST /api/proxy/token',
    'PUT /api/proxy/token/t1',
    'POST /api/proxy/token/t1/rotate',
    'POST /api/proxy/token/t1/revoke',
    'DELETE /api/proxy/token/t1',
    'GET /api/proxy/token/t1/use?pageNum=3&pageSize=20',
  ]);
  expect(bodyOf(2)).toEqual(body);
  expect(bodyOf(3)).toEqual(body);
});

test('a refusal rejects with the server code and message', async () => {
  reply = () => ({ code: -404, message: '节点不存在 / No such node', data: null });
  await expect(getNode('gone')).rejects.toMatchObject({ code: -404, message: /No such node/ });
});
