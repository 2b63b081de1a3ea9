import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { User } from '../../server/user/user.schema.ts';
import { getPrivateInfo, heartbeat, logout, refreshToken } from './user.ts';

const alice: User = {
  id: '1',
  username: 'alice',
  isLocked: false,
  email: 'alice@example.com',
  permissions: ['ROLE_super_admin'],
  nickname: 'Alice',
  avatar: null,
  createTime: '2026-01-01T00:00:00+00:00',
  updateTime: '2026-01-01T00:00:00+00:00',
};

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;
let sentBodies: string[];

function answerData(data: unknown): void {
  fetchMock.mockImplementation(async (sent) => {
    sentBodies.push(await sent.clone().text());
    return new Response(JSON.stringify({ code: 1, message: 'ok', data }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function sent(): { method: string; path: string; body: string | undefined } {
  const request = fetchMock.mock.calls[0]?.[0];
  if (!request) throw new Error('nothing sent');
  return { method: request.method, path: new URL(request.url).pathname, body: sentBodies[0] };
}

beforeEach(() => {
  sentBodies = [];
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('getPrivateInfo: GET /api/user/info/private → the user', async () => {
  answerData(alice);
  await expect(getPrivateInfo()).resolves.toEqual(alice);
  expect(sent()).toMatchObject({ method: 'GET', path: '/api/user/info/private' });
});

test('logout: POST /api/user/auth/logout with an empty body', async () => {
  answerData(null);
  await expect(logout()).resolves.toBeUndefined();
  expect(sent()).toEqual({ method: 'POST', path: '/api/user/auth/logout', body: '' });
});

test('refreshToken: POST /api/user/auth/refresh → the new token from data', async () => {
  answerData('new-token');
  await expect(refreshToken()).resolves.toBe('new-token');
  expect(sent()).toMatchObject({ method: 'POST', path: '/api/user/auth/refresh' });
});

test('heartbeat: GET /api/user/auth/heartbeat', async () => {
  answerData(null);
  await expect(heartbeat()).resolves.toBeUndefined();
  expect(sent()).toMatchObject({ method: 'GET', path: '/api/user/auth/heartbeat' });
});
