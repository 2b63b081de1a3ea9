import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../../../tests/helpers/fake-github.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';

const SITE = 'https://atrium.example';
const PASSWORD = 'a long enough passphrase';

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

describe.each(DIALECTS)('GitHub sign-in on %s', (dialect) => {
  let t: TestApp;
  let github: FakeGithub;
  let dataDir: string;
  afterEach(async () => {
    await t.close();
    await github.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}) {
    github = await startFakeGithub();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-github-'));
    t = await createTestApp(dialect, {
      env: { SITE_URL: SITE, DATA_DIR: dataDir, ...github.env, ...env },
    });
  }

  async function authorize(mode: 'signin' | 'link' = 'signin', token?: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/user/auth/oauth2/github/authorize?mode=${mode}`,
      headers: token ? bearer(token) : {},
    });
  }

  function callback(query: { code: string; state: string }, token?: string) {
    return t.app.inject({
      method: 'GET',
      url: '/api/user/auth/oauth2/github',
      query,
      headers: token ? bearer(token) : {},
    });
  }

  /** The whole round trip: our authorize URL, GitHub's consent as `login`, our callback. */
  async function roundTrip(login: string, mode: 'signin' | 'link' = 'signin', token?: string) {
    const url = (await authorize(mode, token)).json().data.url as string;
    return callback(await github.approve(url, login), token);
  }

  async function row(id: string) {
    return t.testDb.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function localUser(username: string, email: string | null) {
    const signed = await t.signUp({ username });
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ email })
      .where('id', '=', signed.user.id)
      .execute();
    return signed;
  }

  test('authorize gives a GitHub URL with state and an S256 PKCE challenge', async () => {
    await start();
    const res = await authorize();
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(github.clientId);
    expect(q.get('redirect_uri')).toBe(`${SITE}/auth/oauth2/github`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('scope')).toContain('user:email');
    const other = new URL((await authorize()).json().data.url).searchParams;
    expect(other.get('state')).not.toBe(q.get('state'));
    expect(other.get('code_challenge')).not.toBe(q.get('code_challenge'));
  });

  test('authorize: a wrong mode is -400; linking needs a signed-in user (-401)', async () => {
    await start();
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/user/auth/oauth2/github/authorize?mode=steal',
    });
    expect(bad.json().code).toBe(-400);
    const anonymous = await authorize('link');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(-401);
  });

  test('without a client id and secret GitHub sign-in is refused (code 0)', async () => {
    await start({ GITHUB_CLIENT_ID: '', GITHUB_CLIENT_SECRET: '' });
    const res = await authorize();
    expect(res.json()).toMatchObject({ code: 0 });
  });

  test('first sign-in creates the account with the avatar; the next one signs in to it', async () => {
    await start();
    const url = new URL((await authorize()).json().data.url);
    const res = await callback(await github.approve(url.toString(), 'octocat'));
    expect(res.statusCode).toBe(200);
    const { token, user, linked } = res.json().data;
    expect(linked).toBe(false);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({
      username: 'octocat',
      nickname: 'The Octocat',
      email: 'octocat@example.com',
      permissions: [],
    });
    expect(user.avatar).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(github.calls.some((c) => c.path === '/avatars/octocat.png')).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads', 'avatar', user.avatar))).toBe(true);
    const stored = await row(user.id);
    expect(stored).toMatchObject({
      github_id: '583231',
      github_login: 'octocat',
      password_hash: null,
    });

    // The code went back with the verifier whose S256 is the challenge GitHub was shown.
    const exchange = github.calls.find((c) => c.path === '/login/oauth/access_token');
    expect(exchange?.body).toMatchObject({
      client_id: github.clientId,
      client_secret: github.clientSecret,
      redirect_uri: `${SITE}/auth/oauth2/github`,
    });
    const verifier = exchange?.body['code_verifier'] ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      url.searchParams.get('code_challenge'),
    );

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/info/private',
      headers: bearer(token),
    });
    expect(me.json().data.id).toBe(user.id);

    const again = (await roundTrip('octocat')).json().data;
    expect(again.user.id).toBe(user.id);
    expect(again.linked).toBe(false);
    expect(again.token).not.toBe(token);
    const count = await t.testDb.db.kysely.selectFrom('users').select('id').execute();
    expect(count).toHaveLength(1);
  });

  test('a GitHub login that is taken locally gets a unique username', async () => {
    await start();
    await localUser('OctoCat', null);
    await localUser('octocat-2', null);
    const { user, linked } = (await roundTrip('octocat')).json().data;
    expect(linked).toBe(false);
    expect(user.username).toBe('octocat-3');
  });

  test('a user without a public email: the verified primary one from /user/emails is used', async () => {
    await start();
    const { user } = (await roundTrip('quiet-one')).json().data;
    expect(user).toMatchObject({
      username: 'quiet-one',
      nickname: 'quiet-one',
      email: 'quiet@example.com',
    });
  });

  test('an existing account whose email is the verified primary email gets linked', async () => {
    await start();
    const local = await localUser('quinn', 'Quiet@Example.com');
    const res = (await roundTrip('quiet-one')).json().data;
    expect(res.linked).toBe(true);
    expect(res.user.id).toBe(local.user.id);
    expect(res.user.username).toBe('quinn');
    expect(await row(local.user.id)).toMatchObject({
      github_id: '1001',
      github_login: 'quiet-one',
    });
    // The password still works, and the local session too.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/info/private',
      headers: bearer(local.token),
    });
    expect(me.json().code).toBe(1);
  });

  test('an unverified email never links: a new account without an email is made', async () => {
    await start();
    const local = await localUser('uma', 'unverified@example.com');
    const { user, linked } = (await roundTrip('unverified')).json().data;
    expect(linked).toBe(false);
    expect(user.id).not.toBe(local.user.id);
    expect(user.email).toBeNull();
    expect((await row(local.user.id)).github_id).toBeNull();
  });

  test('a wrong, missing or used state is -401', async () => {
    await start();
    const url = (await authorize()).json().data.url as string;
    const { code, state } = await github.approve(url, 'octocat');
    const forged = await callback({ code, state: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(-401);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/user/auth/oauth2/github?code=${code}`,
    });
    expect(missing.json().code).toBe(-400);
    expect((await callback({ code, state })).json().code).toBe(1);
    const replay = await callback({ code, state });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(-401);
  });

  test('PKCE: GitHub refuses the exchange when the verifier does not match the challenge', async () => {
    await start();
    const url = new URL((await authorize()).json().data.url);
    // Someone swapped the challenge on the way to GitHub: our verifier no longer fits.
    const otherChallenge = createHash('sha256').update('another verifier').digest('base64url');
    url.searchParams.set('code_challenge', otherChallenge);
    const res = await callback(await github.approve(url.toString(), 'octocat'));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(0);
    const exchange = github.calls.find((c) => c.path === '/login/oauth/access_token');
    expect(exchange?.body['code_verifier']).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(await t.testDb.db.kysely.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  test('a code GitHub does not know is refused (code 0, 401)', async () => {
    await start();
    const url = (await authorize()).json().data.url as string;
    const { state } = await github.approve(url, 'octocat');
    const res = await callback({ code: 'not-a-code', state });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(0);
  });

  test('a locked account cannot sign in through GitHub', async () => {
    await start();
    const { user } = (await roundTrip('octocat')).json().data;
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ is_locked: true })
      .where('id', '=', user.id)
      .execute();
    const res = await roundTrip('octocat');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 0, message: '账号已锁定 / Account locked' });
  });

  test('link mode links the signed-in user, who can then sign in with GitHub', async () => {
    await start();
    const me = await localUser('linda', null);
    const res = await roundTrip('octocat', 'link', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ token: null, linked: true, user: { id: me.user.id } });
    expect(await row(me.user.id)).toMatchObject({ github_id: '583231', github_login: 'octocat' });
    const signIn = (await roundTrip('octocat')).json().data;
    expect(signIn.user.id).toBe(me.user.id);
    expect(signIn.linked).toBe(false);
  });

  test('link mode continues only the session that asked for it', async () => {
    await start();
    const me = await localUser('mona', null);
    const other = await localUser('otto', null);
    const url = (await authorize('link', me.token)).json().data.url as string;
    const approved = await github.approve(url, 'octocat');
    const res = await callback(approved, other.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(-401);
    expect((await row(other.user.id)).github_id).toBeNull();
    expect((await row(me.user.id)).github_id).toBeNull();
  });

  test('a GitHub account linked to someone else cannot be linked again', async () => {
    await start();
    const first = (await roundTrip('octocat')).json().data;
    const me = await localUser('nina', null);
    const res = await roundTrip('octocat', 'link', me.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(0);
    expect((await row(me.user.id)).github_id).toBeNull();
    expect((await row(first.user.id)).github_id).toBe('583231');
  });

  test('unlink works while the account has a password, and is refused without one', async () => {
    await start();
    const me = await localUser('pat', null);
    await roundTrip('octocat', 'link', me.token);
    const unlink = (token?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/user/auth/oauth2/github',
        headers: token ? bearer(token) : {},
      });
    const res = await unlink(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(me.user.id);
    expect(await row(me.user.id)).toMatchObject({ github_id: null, github_login: null });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { account: 'pat', password: PASSWORD },
    });
    expect(login.json().code).toBe(1);

    const gh = (await roundTrip('quiet-one')).json().data;
    const refused = await unlink(gh.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(0);
    expect((await row(gh.user.id)).github_id).toBe('1001');
    expect((await unlink()).json().code).toBe(-401);
  });
});
