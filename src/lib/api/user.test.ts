import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { User } from '@/server/user/user.schema.ts';
import {
  getPrivateInfo,
  getUserExtra,
  heartbeat,
  listSessions,
  logout,
  randomNickname,
  refreshToken,
  revokeOtherSessions,
  revokeSession,
  sendEmailCode,
  unlinkGithub,
  updateAvatar,
  updateEmail,
  updateNickname,
  updatePassword,
} from './user.ts';

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

function urlOf(call: number): URL {
  const request = fetchMock.mock.calls[call]?.[0];
  if (!request) throw new Error(`no call ${call}`);
  return new URL(request.url);
}

beforeEach(() => {
  sentBodies = [];
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

test('getUserExtra: GET /api/user/info/extra → the flags', async () => {
  const extra = { hasPassword: true, githubLinked: true, githubLogin: 'octo' };
  answerData(extra);
  await expect(getUserExtra()).resolves.toEqual(extra);
  expect(sent()).toMatchObject({ method: 'GET', path: '/api/user/info/extra' });
});

test('updateNickname: PATCH /api/user/info/nickname {nickname} → the user', async () => {
  answerData({ ...alice, nickname: 'Ally' });
  await expect(updateNickname('Ally')).resolves.toMatchObject({ nickname: 'Ally' });
  const call = sent();
  expect(call).toMatchObject({ method: 'PATCH', path: '/api/user/info/nickname' });
  expect(JSON.parse(call.body ?? '')).toEqual({ nickname: 'Ally' });
});

test('updatePassword: PATCH /api/user/info/password with exactly the given fields', async () => {
  answerData(null);
  await expect(
    updatePassword({
      currentPassword: 'old one!',
      newPassword: 'new one!!',
      confirmPassword: 'new one!!',
    }),
  ).resolves.toBeUndefined();
  expect(sent()).toMatchObject({ method: 'PATCH', path: '/api/user/info/password' });
  expect(JSON.parse(sent().body ?? '')).toEqual({
    currentPassword: 'old one!',
    newPassword: 'new one!!',
    confirmPassword: 'new one!!',
  });
});

test('updatePassword without a current password sends no such field', async () => {
  answerData(null);
  await updatePassword({ newPassword: 'first one', confirmPassword: 'first one' });
  expect(JSON.parse(sent().body ?? '')).toEqual({
    newPassword: 'first one',
    confirmPassword: 'first one',
  });
});

test('updatePassword refused: rejects with the code and message', async () => {
  fetchMock.mockResolvedValue(
    new Response(
      JSON.stringify({ code: 0, message: '当前密码错误 / Wrong current password', data: null }),
      { status: 403, headers: { 'Content-Type': 'application/json' } },
    ),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await expect(
    updatePassword({ currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' }),
  ).rejects.toMatchObject({ code: 0, message: '当前密码错误 / Wrong current password' });
});

test('updateEmail: PATCH /api/user/info/email {email, code} → the user', async () => {
  answerData({ ...alice, email: 'new@example.com' });
  await expect(updateEmail('new@example.com', '246810')).resolves.toMatchObject({
    email: 'new@example.com',
  });
  expect(sent()).toMatchObject({ method: 'PATCH', path: '/api/user/info/email' });
  expect(JSON.parse(sent().body ?? '')).toEqual({ email: 'new@example.com', code: '246810' });
});

test('updateAvatar: PATCH /api/user/info/avatar {avatar} → the user', async () => {
  const key = `${'a'.repeat(32)}.webp`;
  answerData({ ...alice, avatar: key });
  await expect(updateAvatar(key)).resolves.toMatchObject({ avatar: key });
  expect(sent()).toMatchObject({ method: 'PATCH', path: '/api/user/info/avatar' });
  expect(JSON.parse(sent().body ?? '')).toEqual({ avatar: key });
});

test('randomNickname: GET /api/user/random/nickname, with coordinates when given', async () => {
  answerData('洛阳张三');
  await expect(randomNickname()).resolves.toBe('洛阳张三');
  expect(urlOf(0).search).toBe('');
  await randomNickname({ latitude: 34.62, longitude: 112.45 });
  const url = urlOf(1);
  expect(url.pathname).toBe('/api/user/random/nickname');
  expect(Object.fromEntries(url.searchParams)).toEqual({ latitude: '34.62', longitude: '112.45' });
});

test('sendEmailCode: POST /api/common/captcha/email {email}', async () => {
  answerData(null);
  await expect(sendEmailCode('new@example.com')).resolves.toBeUndefined();
  expect(sent()).toMatchObject({ method: 'POST', path: '/api/common/captcha/email' });
  expect(JSON.parse(sent().body ?? '')).toEqual({ email: 'new@example.com' });
});

test('listSessions: GET /api/user/auth/sessions → the devices', async () => {
  const devices = [
    {
      id: 's1',
      userAgent: 'Firefox',
      ip: '127.0.0.1',
      createTime: '2026-01-01T00:00:00.000Z',
      lastSeenTime: '2026-01-02T00:00:00.000Z',
      current: true,
    },
  ];
  answerData(devices);
  await expect(listSessions()).resolves.toEqual(devices);
  expect(sent()).toMatchObject({ method: 'GET', path: '/api/user/auth/sessions' });
});

test('revokeSession: DELETE /api/user/auth/sessions/{id}, the id encoded', async () => {
  answerData(null);
  await expect(revokeSession('a/b')).resolves.toBeUndefined();
  expect(sent()).toMatchObject({ method: 'DELETE', path: '/api/user/auth/sessions/a%2Fb' });
});

test('revokeOtherSessions: DELETE /api/user/auth/sessions', async () => {
  answerData(null);
  await expect(revokeOtherSessions()).resolves.toBeUndefined();
  expect(sent()).toMatchObject({ method: 'DELETE', path: '/api/user/auth/sessions' });
});

test('unlinkGithub: DELETE /api/user/auth/oauth2/github → the user', async () => {
  answerData(alice);
  await expect(unlinkGithub()).resolves.toEqual(alice);
  expect(sent()).toMatchObject({ method: 'DELETE', path: '/api/user/auth/oauth2/github' });
});
