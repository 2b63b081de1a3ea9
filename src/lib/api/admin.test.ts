import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ManagedUser, RoleInfo } from './admin-types.ts';
import {
  getManagedUser,
  listRoles,
  listUsers,
  sendRecoveryLink,
  setUserLocked,
  setUserRoles,
} from './admin.ts';

const bob: ManagedUser = {
  id: 'u-2',
  username: 'bob',
  isLocked: false,
  email: 'bob@example.com',
  permissions: ['ROLE_blog_admin', 'blog:article:manage'],
  nickname: 'Bob',
  avatar: null,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-02T00:00:00.000Z',
  isOnline: true,
  hasPassword: true,
  githubLinked: false,
};

interface Sent {
  method: string;
  url: URL;
  body: string;
}

let sent: Sent[];
let reply: { code: number; message: string; data: unknown };

function first(): Sent {
  const request = sent[0];
  if (!request) throw new Error('nothing sent');
  return request;
}

beforeEach(() => {
  sent = [];
  reply = { code: 1, message: 'ok', data: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({ method: request.method, url: new URL(request.url), body: await request.text() });
      return new Response(JSON.stringify(reply), {
        status: reply.code === 1 ? 200 : 409,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('listUsers: GET /api/user/manage/info with paging, sort and every filter given', async () => {
  const page = { records: [bob], totalRecordNum: 1, totalPageNum: 1, pageNum: 2, pageSize: 20 };
  reply.data = page;
  await expect(
    listUsers({
      pageNum: 2,
      pageSize: 20,
      search: '  bo ',
      locked: false,
      role: 'blog_admin',
      sort: 'username',
      order: 'asc',
    }),
  ).resolves.toEqual(page);
  expect(first().method).toBe('GET');
  expect(first().url.pathname).toBe('/api/user/manage/info');
  expect(Object.fromEntries(first().url.searchParams)).toEqual({
    pageNum: '2',
    pageSize: '20',
    search: 'bo',
    locked: 'false',
    role: 'blog_admin',
    sort: 'username',
    order: 'asc',
  });
});

test('listUsers leaves out a blank search and absent filters', async () => {
  reply.data = { records: [], totalRecordNum: 0, totalPageNum: 0, pageNum: 1, pageSize: 10 };
  await listUsers({ pageNum: 1, pageSize: 10, search: '   ', sort: 'createTime', order: 'desc' });
  expect(Object.fromEntries(first().url.searchParams)).toEqual({
    pageNum: '1',
    pageSize: '10',
    sort: 'createTime',
    order: 'desc',
  });
});

test('getManagedUser: GET /api/user/manage/info/{id}, the id encoded', async () => {
  reply.data = bob;
  await expect(getManagedUser('u 2')).resolves.toEqual(bob);
  expect(first().method).toBe('GET');
  expect(first().url.pathname).toBe('/api/user/manage/info/u%202');
});

test('setUserLocked: POST /api/user/manage/lock {id, isLocked} (never a GET)', async () => {
  reply.data = { ...bob, isLocked: true };
  await expect(setUserLocked('u-2', true)).resolves.toMatchObject({ isLocked: true });
  expect(first().method).toBe('POST');
  expect(first().url.pathname).toBe('/api/user/manage/lock');
  expect(JSON.parse(first().body)).toEqual({ id: 'u-2', isLocked: true });
});

test('sendRecoveryLink: POST /api/user/manage/recover {id} only (no address from the page)', async () => {
  await expect(sendRecoveryLink('u-2')).resolves.toBeUndefined();
  expect(first().method).toBe('POST');
  expect(first().url.pathname).toBe('/api/user/manage/recover');
  expect(JSON.parse(first().body)).toEqual({ id: 'u-2' });
});

test('sendRecoveryLink refused (no address): rejects with code 0 and the message', async () => {
  reply = { code: 0, message: '该用户没有邮箱 / The user has no email address', data: null };
  await expect(sendRecoveryLink('u-2')).rejects.toMatchObject({
    code: 0,
    message: '该用户没有邮箱 / The user has no email address',
  });
});

test('listRoles: GET /api/user/manage/role → the roles', async () => {
  const roles: RoleInfo[] = [
    { name: 'super_admin', title: '超级管理员 / Super admin', permissions: ['sys:user:manage'] },
  ];
  reply.data = roles;
  await expect(listRoles()).resolves.toEqual(roles);
  expect(first().method).toBe('GET');
  expect(first().url.pathname).toBe('/api/user/manage/role');
});

test('setUserRoles: PUT /api/user/manage/role {userId, roles} → the user', async () => {
  reply.data = { ...bob, permissions: [] };
  await expect(setUserRoles('u-2', [])).resolves.toMatchObject({ permissions: [] });
  expect(first().method).toBe('PUT');
  expect(first().url.pathname).toBe('/api/user/manage/role');
  expect(JSON.parse(first().body)).toEqual({ userId: 'u-2', roles: [] });
});
