/**
 * Calls of the sign-in pages (issue 3: register, login, recovery, GitHub), one typed function per
 * endpoint, resolving the envelope's `data`. Refusals reject with ApiError (src/lib/http.ts).
 */
import type {
  AuthResult,
  GithubAuthorize,
  GithubMode,
  GithubSignInResult,
  LoginBody,
  RecoverCompleteBody,
  RecoverInitiateBody,
  RecoveryCheck,
  RegisterBody,
} from '@/server/auth/auth.schema.ts';
import { request } from '../http.ts';

/** POST /api/user/auth/login — a new session. The captcha fields go only when the form shows one. */
export function login(body: LoginBody): Promise<AuthResult> {
  return request<AuthResult>('post', 'user/auth/login', { json: body });
}

/** POST /api/user/auth/register — creates the account and signs it in. */
export function register(body: RegisterBody): Promise<AuthResult> {
  return request<AuthResult>('post', 'user/auth/register', { json: body });
}

/** POST /api/user/auth/recover/initiate — mails a link if the address is known (same answer either way). */
export async function initiateRecovery(body: RecoverInitiateBody): Promise<void> {
  await request<unknown>('post', 'user/auth/recover/initiate', { json: body });
}

/** POST /api/user/auth/recover/check — whose link this is; rejects with -4 when expired, used or unknown. */
export function checkRecovery(token: string): Promise<RecoveryCheck> {
  return request<RecoveryCheck>('post', 'user/auth/recover/check', { json: { token } });
}

/** POST /api/user/auth/recover/complete — sets the new password and signs in. */
export function completeRecovery(body: RecoverCompleteBody): Promise<AuthResult> {
  return request<AuthResult>('post', 'user/auth/recover/complete', { json: body });
}

/** GET /api/user/auth/oauth2/github/authorize — the GitHub URL to send the browser to. */
export function githubAuthorize(mode: GithubMode): Promise<GithubAuthorize> {
  return request<GithubAuthorize>('get', 'user/auth/oauth2/github/authorize', {
    searchParams: { mode },
  });
}

/** GET /api/user/auth/oauth2/github — exchanges GitHub's code: signs in, or links (token null). */
export function githubSignIn(code: string, state: string): Promise<GithubSignInResult> {
  return request<GithubSignInResult>('get', 'user/auth/oauth2/github', {
    searchParams: { code, state },
  });
}
