/** What the sign-in pages read from the address they are opened with. */

export type GithubReturn =
  { kind: 'code'; code: string; state: string } | { kind: 'denied' } | { kind: 'missing' };

/** What GitHub sent back to /auth/oauth2/github: a code and state, a refusal, or nothing usable. */
export function readGithubReturn(search: string): GithubReturn {
  const params = new URLSearchParams(search);
  const code = params.get('code')?.trim() ?? '';
  const state = params.get('state')?.trim() ?? '';
  if (code !== '' && state !== '') return { kind: 'code', code, state };
  if (params.has('error')) return { kind: 'denied' };
  return { kind: 'missing' };
}

/** The recovery token of /auth/recover/complete?token=…, or null. */
export function readRecoveryToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return token === '' ? null : token;
}
