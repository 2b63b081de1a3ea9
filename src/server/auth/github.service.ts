/**
 * GitHub sign-in and linking (OAuth 2.0 authorization code with `state` and PKCE S256). The state
 * lives 10 minutes in the Kv store, is used once, and remembers the mode and, for linking, who asked.
 *
 * Sign-in: the account linked to the GitHub id; else the account whose email equals GitHub's
 * verified primary email (then linked); else a new account. Link: the signed-in user, refused when
 * the GitHub id belongs to someone else.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { paths } from '../../lib/shared/paths.ts';
import { AppError } from '../common/app-error.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { storeAvatarFromUrl } from '../upload/index.ts';
import { getUser, USERNAME_PATTERN, type User } from '../user/index.ts';
import type { UserRow } from '../user/user.table.ts';
import {
  findAccountById,
  findUserByEmailAddress,
  findUserByGithubId,
  insertAccount,
  setUserGithub,
  usernameExists,
} from './account.repo.ts';
import { ACCOUNT_LOCKED, signIn, type Client } from './account.service.ts';
import { NICKNAME_MAX } from '../user/user.schema.ts';
import type { GithubMode, GithubSignInResult } from './auth.schema.ts';
import type { Authenticated } from './session.service.ts';
import { authorizeUrl, exchangeCode, fetchProfile, type GithubProfile } from './github.client.ts';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** The page GitHub sends the browser back to (src/pages/auth/oauth2/github). */

interface SavedState {
  readonly verifier: string;
  readonly mode: GithubMode;
  readonly userId: string | null;
}

const stateKey = (state: string) => `oauth:github:${state}`;

function redirectUri(ctx: AppContext): string {
  return `${ctx.config.siteUrl}${paths.githubCallback()}`;
}

function badState(): AppError {
  return AppError.unauthenticated(
    'GitHub 登录已过期或无效，请重新开始 / The GitHub sign-in expired or is not valid, start again',
  );
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** GitHub's client credentials when sign-in is set up (id and secret both given), else null. */
export function githubCredentials(
  github: Config['github'],
): { clientId: string; clientSecret: string } | null {
  const { clientId, clientSecret } = github;
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** The GitHub URL to send the browser to; link mode needs a signed-in user. */
export async function githubAuthorize(
  ctx: AppContext,
  mode: GithubMode,
  auth: Authenticated | null,
): Promise<string> {
  const credentials = githubCredentials(ctx.config.github);
  if (!credentials) throw AppError.refused('未启用 GitHub 登录 / GitHub sign-in is not set up');
  if (mode === 'link' && !auth) throw AppError.unauthenticated();
  const state = randomBytes(32).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const saved: SavedState = {
    verifier,
    mode,
    userId: mode === 'link' ? (auth?.user.id ?? null) : null,
  };
  await ctx.kv.set(stateKey(state), JSON.stringify(saved), OAUTH_STATE_TTL_MS);
  return authorizeUrl(ctx.config.github, {
    clientId: credentials.clientId,
    redirectUri: redirectUri(ctx),
    state,
    verifier,
  });
}

/** Finishes a GitHub round trip: signs in (or creates) an account, or links the signed-in user. */
export async function githubCallback(
  ctx: AppContext,
  query: { code: string; state: string },
  auth: Authenticated | null,
  client: Client,
): Promise<GithubSignInResult> {
  const raw = await ctx.kv.take(stateKey(query.state));
  if (raw === null) throw badState();
  const saved = JSON.parse(raw) as SavedState;
  // Linking continues the session that asked for it, in the same browser.
  if (saved.mode === 'link' && (!auth || auth.user.id !== saved.userId)) throw badState();
  const accessToken = await exchangeCode(ctx.config, {
    code: query.code,
    verifier: saved.verifier,
    redirectUri: redirectUri(ctx),
  });
  const profile = await fetchProfile(ctx.config, accessToken);
  if (saved.mode === 'link' && auth) {
    return { token: null, user: await linkTo(ctx, auth.user.id, profile), linked: true };
  }
  return signInWithGithub(ctx, profile, client);
}

async function linkTo(ctx: AppContext, userId: string, profile: GithubProfile): Promise<User> {
  const db = ctx.db.kysely;
  const holder = await findUserByGithubId(db, profile.id);
  if (holder && holder.id !== userId) throw linkedElsewhere();
  try {
    await setUserGithub(
      db,
      userId,
      { id: profile.id, login: profile.login },
      iso(ctx.sessions.now()),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw linkedElsewhere();
    throw error;
  }
  return getUser(db, userId);
}

function linkedElsewhere(): AppError {
  return AppError.refused(
    '该 GitHub 账号已绑定其他用户 / This GitHub account is linked to another user',
  );
}

function refuseLocked(row: UserRow): void {
  if (row.is_locked) throw AppError.refused(ACCOUNT_LOCKED, 403);
}

async function signInWithGithub(
  ctx: AppContext,
  profile: GithubProfile,
  client: Client,
): Promise<GithubSignInResult> {
  const db = ctx.db.kysely;
  const now = () => iso(ctx.sessions.now());
  const linked = await findUserByGithubId(db, profile.id);
  if (linked) {
    refuseLocked(linked);
    if (linked.github_login !== profile.login) {
      await setUserGithub(db, linked.id, { id: profile.id, login: profile.login }, now());
    }
    return { ...(await signIn(ctx, linked.id, client)), linked: false };
  }
  const email = profile.verifiedPrimaryEmail;
  const owner = email ? await findUserByEmailAddress(db, email) : undefined;
  if (owner) {
    refuseLocked(owner);
    if (owner.github_id !== null) {
      throw AppError.refused(
        '该邮箱的账号已绑定另一个 GitHub 账号 / The account with this email is linked to another GitHub account',
      );
    }
    await setUserGithub(db, owner.id, { id: profile.id, login: profile.login }, now());
    return { ...(await signIn(ctx, owner.id, client)), linked: true };
  }
  const userId = await createFromGithub(ctx, profile, client);
  return { ...(await signIn(ctx, userId, client)), linked: false };
}

/** A free username from a GitHub login: the login itself, else with -2, -3, … or a random tail. */
async function uniqueUsername(ctx: AppContext, login: string): Promise<string> {
  let base = login.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
  if (base.length < 3) base = `gh-${base}`.slice(0, 32);
  const candidates = [base];
  for (let n = 2; n <= 20; n += 1) candidates.push(`${base.slice(0, 32 - `-${n}`.length)}-${n}`);
  for (const name of candidates) {
    if (USERNAME_PATTERN.test(name) && !(await usernameExists(ctx.db.kysely, name))) return name;
  }
  const tail = `-${randomBytes(4).toString('hex')}`;
  return `${base.slice(0, 32 - tail.length)}${tail}`;
}

function nicknameOf(profile: GithubProfile): string {
  return [...(profile.name ?? profile.login)].slice(0, NICKNAME_MAX).join('');
}

/** Creates the account of a GitHub user (no password); returns its id. */
async function createFromGithub(
  ctx: AppContext,
  profile: GithubProfile,
  client: Client,
): Promise<string> {
  const db = ctx.db.kysely;
  const avatar = profile.avatarUrl ? await storeAvatarFromUrl(ctx, profile.avatarUrl) : null;
  for (let attempt = 0; ; attempt += 1) {
    const now = iso(ctx.sessions.now());
    const id = randomUUID();
    try {
      await insertAccount(db, {
        id,
        username: await uniqueUsername(ctx, profile.login),
        password_hash: null,
        email: profile.verifiedPrimaryEmail,
        nickname: nicknameOf(profile),
        avatar,
        github_id: profile.id,
        github_login: profile.login,
        locale: client.locale,
        create_time: now,
        update_time: now,
      });
      return id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another sign-in of the same GitHub user won the race: that account is the one.
      const winner = await findUserByGithubId(db, profile.id);
      if (winner) return winner.id;
      // Else the username or the email was taken meanwhile; the next round picks another name.
      if (attempt >= 2) {
        throw AppError.refused(
          '账号创建冲突，请重试 / The account could not be created, try again',
        );
      }
    }
  }
}

/** Unlinks GitHub; refused while the account has no password (it would have no way in). */
export async function unlinkGithub(ctx: AppContext, userId: string): Promise<User> {
  const db = ctx.db.kysely;
  const row = await findAccountById(db, userId);
  if (!row) throw AppError.notFound('用户不存在 / No such user');
  if (row.password_hash === null) {
    throw AppError.refused(
      '请先设置密码再解除 GitHub 绑定 / Set a password before unlinking GitHub',
    );
  }
  if (row.github_id !== null) await setUserGithub(db, userId, null, iso(ctx.sessions.now()));
  return getUser(db, userId);
}
