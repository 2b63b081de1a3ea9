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
import type { Authenticated } from '../guard/index.ts';
import { existingUser, getUser, type User } from '../user/index.ts';
import {
  findUserByEmail,
  findUserByGithubId,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../user/user.repo.ts';
import type { UserRow } from '../user/user.table.ts';
import { ACCOUNT_LOCKED, signIn, type Client } from './account.service.ts';
import {
  NICKNAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../../lib/shared/limits.ts';
import type { GithubMode, GithubSignInResult } from './auth.schema.ts';
import { authorizeUrl, exchangeCode, fetchProfile, type GithubProfile } from './github.client.ts';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** The page GitHub sends the browser back to (src/pages/auth/oauth2/github). */

interface SavedState {
  readonly verifier: string;
  readonly mode: GithubMode;
  readonly userId: string | null;
}

const stateKey = (state: string) => `oauth:github:${state}`;

type GithubContext = Pick<AppContext, 'db' | 'config' | 'kv' | 'sessions' | 'now'>;

function redirectUri(ctx: Pick<AppContext, 'config'>): string {
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

/** The columns that link a user to a GitHub account, or unlink it with `null`. */
function githubColumns(github: GithubProfile | null, now: string) {
  return { github_id: github?.id ?? null, github_login: github?.login ?? null, update_time: now };
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
  ctx: Pick<AppContext, 'config' | 'kv'>,
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
  ctx: GithubContext,
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

async function linkTo(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  profile: GithubProfile,
): Promise<User> {
  const db = ctx.db.kysely;
  const holder = await findUserByGithubId(db, profile.id);
  if (holder && holder.id !== userId) throw linkedElsewhere();
  try {
    await updateUser(db, userId, githubColumns(profile, iso(ctx.now())));
  } catch (error) {
    if (isUniqueViolation(error)) throw linkedElsewhere();
    throw error;
  }
  return getUser(ctx, userId);
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
  ctx: GithubContext,
  profile: GithubProfile,
  client: Client,
): Promise<GithubSignInResult> {
  const db = ctx.db.kysely;
  const now = () => iso(ctx.now());
  const linked = await findUserByGithubId(db, profile.id);
  if (linked) {
    refuseLocked(linked);
    if (linked.github_login !== profile.login) {
      await updateUser(db, linked.id, githubColumns(profile, now()));
    }
    return { ...(await signIn(ctx, linked.id, client)), linked: false };
  }
  const email = profile.verifiedPrimaryEmail;
  const owner = email ? await findUserByEmail(db, email) : undefined;
  if (owner) {
    refuseLocked(owner);
    if (owner.github_id !== null) {
      throw AppError.refused(
        '该邮箱的账号已绑定另一个 GitHub 账号 / The account with this email is linked to another GitHub account',
      );
    }
    await updateUser(db, owner.id, githubColumns(profile, now()));
    return { ...(await signIn(ctx, owner.id, client)), linked: true };
  }
  const userId = await createFromGithub(ctx, profile, client);
  return { ...(await signIn(ctx, userId, client)), linked: false };
}

/** A free username from a GitHub login: the login itself, else with -2, -3, … or a random tail. */
async function uniqueUsername(ctx: Pick<AppContext, 'db'>, login: string): Promise<string> {
  let base = login.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, USERNAME_MAX);
  if (base.length < USERNAME_MIN) base = `gh-${base}`.slice(0, USERNAME_MAX);
  const candidates = [base];
  for (let n = 2; n <= 20; n += 1)
    candidates.push(`${base.slice(0, USERNAME_MAX - `-${n}`.length)}-${n}`);
  for (const name of candidates) {
    if (USERNAME_PATTERN.test(name) && !(await findUserByUsername(ctx.db.kysely, name))) {
      return name;
    }
  }
  const tail = `-${randomBytes(4).toString('hex')}`;
  return `${base.slice(0, USERNAME_MAX - tail.length)}${tail}`;
}

function nicknameOf(profile: GithubProfile): string {
  return [...(profile.name ?? profile.login)].slice(0, NICKNAME_MAX).join('');
}

/** Creates the account of a GitHub user (no password); returns its id. */
async function createFromGithub(
  ctx: Pick<AppContext, 'db' | 'config' | 'kv' | 'now'>,
  profile: GithubProfile,
  client: Client,
): Promise<string> {
  const db = ctx.db.kysely;
  const avatar = profile.avatarUrl ? await storeAvatarFromUrl(ctx, profile.avatarUrl) : null;
  for (let attempt = 0; ; attempt += 1) {
    const now = iso(ctx.now());
    const id = randomUUID();
    try {
      await insertUser(db, {
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
export async function unlinkGithub(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
): Promise<User> {
  const db = ctx.db.kysely;
  const row = await existingUser(db, userId);
  if (row.password_hash === null) {
    throw AppError.refused(
      '请先设置密码再解除 GitHub 绑定 / Set a password before unlinking GitHub',
    );
  }
  if (row.github_id !== null) await updateUser(db, userId, githubColumns(null, iso(ctx.now())));
  return getUser(ctx, userId);
}
