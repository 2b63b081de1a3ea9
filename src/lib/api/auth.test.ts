import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { User } from '@/server/user/user.schema.ts';
import { ApiError } from '../http.ts';
import { Code } from '../shared/codes.ts';
import {
  checkRecovery,
  completeRecovery,
  githubAuthorize,
  githubSignIn,
  initiateRecovery,
  login,
  register,
} from './auth.ts';

const ann: User = {
  id: '7',
  username: 'ann',
  isLocked: false,
  email: null,
  permissions: [],
  nickname: '洛阳 安妮',
  avatar: null,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;
let sentBodies: string[];

function answer(code: number, data: unknown, message = '', status = 200): void {
  fetchMock.mockImplementation(async (sent) => {
    sentBodies.push(await sent.clone().text());
    return new Response(JSON.stringify({ code, message, data }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function sent(): { method: string; path: string; query: string; body: unknown } {
  const request = fetchMock.mock.calls[0]?.[0];
  if (!request) throw new Error('nothing sent');
  const url = new URL(request.url);
  const text = sentBodies[0] ?? '';
  return {
    method: request.method,
    path: url.pathname,
    query: url.search,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

beforeEach(() => {
  localStorage.clear();
  sentBodies = [];
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('login: POST /api/user/auth/login with the body as given → token and user', async () => {
  answer(Code.OK, { token: 't1', user: ann });
  const body = { account: 'ann', password: 'secret secret', sessionId: 's', code: 'AB12' };
  await expect(login(body)).resolves.toEqual({ token: 't1', user: ann });
  expect(sent()).toEqual({ method: 'POST', path: '/api/user/auth/login', query: '', body });
});

test('login: without a captcha no captcha fields are sent', async () => {
  answer(Code.OK, { token: 't1', user: ann });
  await login({ account: 'ann', password: 'pw' });
  expect(sent().body).toEqual({ account: 'ann', password: 'pw' });
});

test('login: a refusal rejects with its code, message and data (HTTP 401 read from the body)', async () => {
  answer(
    Code.REFUSED,
    { captchaRequired: true },
    '账号或密码错误 / Wrong account or password',
    401,
  );
  const error = await login({ account: 'ann', password: 'bad' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    code: Code.REFUSED,
    data: { captchaRequired: true },
    transport: false,
  });
});

test('register: POST /api/user/auth/register with every field', async () => {
  answer(Code.OK, { token: 't2', user: ann });
  const body = {
    username: 'ann',
    password: 'correct horse',
    confirmPassword: 'correct horse',
    nickname: '洛阳 安妮',
    sessionId: 's',
    code: 'AB12',
  };
  await expect(register(body)).resolves.toEqual({ token: 't2', user: ann });
  expect(sent()).toEqual({ method: 'POST', path: '/api/user/auth/register', query: '', body });
});

test('initiateRecovery: POST /api/user/auth/recover/initiate → nothing', async () => {
  answer(Code.OK, null);
  const body = { email: 'ann@example.com', sessionId: 's', code: 'AB12' };
  await expect(initiateRecovery(body)).resolves.toBeUndefined();
  expect(sent()).toEqual({
    method: 'POST',
    path: '/api/user/auth/recover/initiate',
    query: '',
    body,
  });
});

test('checkRecovery: POST /api/user/auth/recover/check {token} → the username; -4 rejects', async () => {
  answer(Code.OK, { username: 'ann' });
  await expect(checkRecovery('tok')).resolves.toEqual({ username: 'ann' });
  expect(sent()).toMatchObject({ method: 'POST', path: '/api/user/auth/recover/check' });
  expect(sent().body).toEqual({ token: 'tok' });

  answer(Code.CAPTCHA_EXPIRED, null, '链接已失效 / The link has expired', 400);
  await expect(checkRecovery('old')).rejects.toMatchObject({ code: Code.CAPTCHA_EXPIRED });
});

test('completeRecovery: POST /api/user/auth/recover/complete → token and user', async () => {
  answer(Code.OK, { token: 't3', user: ann });
  const body = { token: 'tok', password: 'new password', confirmPassword: 'new password' };
  await expect(completeRecovery(body)).resolves.toEqual({ token: 't3', user: ann });
  expect(sent()).toEqual({
    method: 'POST',
    path: '/api/user/auth/recover/complete',
    query: '',
    body,
  });
});

test('githubAuthorize: GET …/oauth2/github/authorize?mode=signin → {url}', async () => {
  answer(Code.OK, { url: 'https://github.com/login/oauth/authorize?x=1' });
  await expect(githubAuthorize('signin')).resolves.toEqual({
    url: 'https://github.com/login/oauth/authorize?x=1',
  });
  expect(sent()).toMatchObject({
    method: 'GET',
    path: '/api/user/auth/oauth2/github/authorize',
    query: '?mode=signin',
  });
});

test('githubSignIn: GET …/oauth2/github?code&state, both encoded → the result', async () => {
  answer(Code.OK, { token: null, user: ann, linked: true });
  await expect(githubSignIn('c/1', 's&2')).resolves.toEqual({
    token: null,
    user: ann,
    linked: true,
  });
  const { method, path, query } = sent();
  expect({ method, path }).toEqual({ method: 'GET', path: '/api/user/auth/oauth2/github' });
  const params = new URLSearchParams(query);
  expect([params.get('code'), params.get('state')]).toEqual(['c/1', 's&2']);
});
