/**
 * The few GitHub calls GitHub sign-in needs: the authorization URL (with PKCE, S256), the code
 * exchange, and the user with their emails. Base URLs come from the configuration, so tests point
 * them at a local fake (tests/helpers/fake-github.ts).
 */
import { createHash } from 'node:crypto';
import { AppError } from '../common/app-error.ts';
import type { Config } from '../config.ts';

const TIMEOUT_MS = 10_000;

export interface GithubProfile {
  /** GitHub's numeric user id, as a string. */
  readonly id: string;
  readonly login: string;
  readonly name: string | null;
  readonly avatarUrl: string | null;
  /** The primary address, only when GitHub has verified it; null otherwise or when hidden. */
  readonly verifiedPrimaryEmail: string | null;
}

/** The PKCE challenge of a verifier (RFC 7636, method S256). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function authorizeUrl(
  github: Config['github'],
  params: { clientId: string; redirectUri: string; state: string; verifier: string },
): string {
  const url = new URL(`${github.oauthUrl}/login/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    scope: 'read:user user:email',
    state: params.state,
    code_challenge: pkceChallenge(params.verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

function unreachable(): AppError {
  return AppError.refused(
    '暂时无法连接 GitHub，请稍后再试 / GitHub could not be reached, try later',
    502,
  );
}

function refusedByGithub(): AppError {
  return AppError.refused(
    'GitHub 未授权此次登录，请重试 / GitHub did not authorise this sign-in, try again',
    401,
  );
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw unreachable();
  }
}

async function json(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw unreachable();
  }
}

/** Trades the code (and the PKCE verifier) for an access token; refused codes throw code 0 (401). */
export async function exchangeCode(
  config: Config,
  params: { code: string; verifier: string; redirectUri: string },
): Promise<string> {
  const { github } = config;
  const response = await call(`${github.oauthUrl}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    // A form body, as RFC 6749 §4.1.3 has it (fetch sets the content type).
    body: new URLSearchParams({
      client_id: github.clientId ?? '',
      client_secret: github.clientSecret ?? '',
      code: params.code,
      redirect_uri: params.redirectUri,
      code_verifier: params.verifier,
    }),
  });
  if (response.status >= 500) throw unreachable();
  const body = (await json(response)) as { access_token?: unknown };
  if (!response.ok || typeof body.access_token !== 'string' || body.access_token === '') {
    throw refusedByGithub();
  }
  return body.access_token;
}

function apiHeaders(accessToken: string) {
  return {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${accessToken}`,
    'x-github-api-version': '2022-11-28',
    'user-agent': 'Atrium',
  };
}

interface GithubUserJson {
  id?: unknown;
  login?: unknown;
  name?: unknown;
  avatar_url?: unknown;
}

interface GithubEmailJson {
  email?: unknown;
  primary?: unknown;
  verified?: unknown;
}

/** The GitHub user behind an access token, with their verified primary email when there is one. */
export async function fetchProfile(config: Config, accessToken: string): Promise<GithubProfile> {
  const { apiUrl } = config.github;
  const userResponse = await call(`${apiUrl}/user`, { headers: apiHeaders(accessToken) });
  if (userResponse.status === 401 || userResponse.status === 403) throw refusedByGithub();
  if (!userResponse.ok) throw unreachable();
  const user = (await json(userResponse)) as GithubUserJson;
  if (typeof user.id !== 'number' && typeof user.id !== 'string') throw unreachable();
  if (typeof user.login !== 'string' || user.login === '') throw unreachable();

  // A token without the user:email scope, or GitHub hiccuping, only costs the email.
  let verifiedPrimaryEmail: string | null = null;
  const emailResponse = await call(`${apiUrl}/user/emails`, { headers: apiHeaders(accessToken) });
  if (emailResponse.ok) {
    const emails = await json(emailResponse);
    if (Array.isArray(emails)) {
      const primary = (emails as GithubEmailJson[]).find(
        (e) => e.primary === true && e.verified === true && typeof e.email === 'string',
      );
      verifiedPrimaryEmail = (primary?.email as string | undefined) ?? null;
    }
  } else {
    await emailResponse.body?.cancel();
  }
  return {
    id: String(user.id),
    login: user.login,
    name: typeof user.name === 'string' && user.name.trim() !== '' ? user.name.trim() : null,
    avatarUrl: typeof user.avatar_url === 'string' ? user.avatar_url : null,
    verifiedPrimaryEmail,
  };
}
