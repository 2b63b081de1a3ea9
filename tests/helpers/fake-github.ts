/**
 * A local HTTP server that behaves like the parts of GitHub that GitHub sign-in uses:
 *
 * - `GET /login/oauth/authorize` — the consent page: it "approves" at once for the user the test
 *   chose (`approve`), remembers the PKCE challenge, and redirects to `redirect_uri?code&state`;
 * - `POST /login/oauth/access_token` — checks client id and secret, the code (single use, 10
 *   minutes), the redirect URI, and the PKCE verifier against the S256 challenge; answers like
 *   GitHub, including its `{ error }` answers with status 200;
 * - `GET /user`, `GET /user/emails` — the REST API for the token's user;
 * - `GET /avatars/<login>.png` — each user's picture, a real PNG.
 *
 * Serve both the OAuth and the API base URLs from it (GITHUB_OAUTH_URL and GITHUB_API_URL).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeGithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export interface FakeGithubUser {
  id: number;
  login: string;
  name: string | null;
  /** The public email of the profile (GET /user); null when the user keeps it private. */
  email: string | null;
  emails: FakeGithubEmail[];
}

export interface FakeGithubCall {
  method: string;
  path: string;
  /** Parsed form or JSON body of a POST. */
  body: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export interface FakeGithub {
  /** Base URL for both GITHUB_OAUTH_URL and GITHUB_API_URL. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The environment a test app needs to talk to this fake. */
  readonly env: Record<string, string>;
  readonly users: FakeGithubUser[];
  /** Every request received, in order. */
  readonly calls: FakeGithubCall[];
  /**
   * Plays the browser on GitHub's consent page: opens the authorize URL the app made as `login`
   * and returns the `code` and `state` GitHub's redirect carries.
   */
  approve(authorizeUrl: string, login: string): Promise<{ code: string; state: string }>;
  addUser(user: FakeGithubUser): void;
  close(): Promise<void>;
}

interface Grant {
  login: string;
  clientId: string;
  redirectUri: string | null;
  challenge: string | null;
  method: string | null;
  expires: number;
}

/** Users every fake starts with. */
export const FAKE_GITHUB_USERS = {
  /** Public email, verified primary. */
  octocat: {
    id: 583231,
    login: 'octocat',
    name: 'The Octocat',
    email: 'octocat@example.com',
    emails: [
      { email: 'octocat@example.com', primary: true, verified: true },
      { email: 'octo-old@example.com', primary: false, verified: true },
    ],
  },
  /** No public email (GET /user says null); the verified primary is only in /user/emails. */
  quiet: {
    id: 1001,
    login: 'quiet-one',
    name: null,
    email: null,
    emails: [{ email: 'quiet@example.com', primary: true, verified: true }],
  },
  /** A primary email GitHub has not verified: never trusted for linking. */
  unverified: {
    id: 1002,
    login: 'unverified',
    name: 'Not Verified',
    email: null,
    emails: [{ email: 'unverified@example.com', primary: true, verified: false }],
  },
} satisfies Record<string, FakeGithubUser>;

function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    return JSON.parse(text) as Record<string, string>;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeGithub(
  options: {
    users?: FakeGithubUser[];
    clientId?: string;
    clientSecret?: string;
    port?: number;
    /** Who approves when the consent page is opened without the x-fake-github-login header (a browser). */
    defaultLogin?: string;
  } = {},
): Promise<FakeGithub> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const users: FakeGithubUser[] =
    options.users ?? structuredClone(Object.values(FAKE_GITHUB_USERS));
  const calls: FakeGithubCall[] = [];
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, string>();
  const avatars = new Map<string, Buffer>();
  let base = '';

  const userByToken = (request: IncomingMessage) => {
    const match = /^(?:Bearer|token) (.+)$/i.exec(request.headers.authorization ?? '');
    const login = match ? tokens.get(match[1] ?? '') : undefined;
    return users.find((u) => u.login === login);
  };

  async function avatar(login: string): Promise<Buffer> {
    let png = avatars.get(login);
    if (!png) {
      const hue = [...login].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 256;
      png = await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: hue, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      avatars.set(login, png);
    }
    return png;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const body = request.method === 'POST' ? await readBody(request) : {};
    calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      body,
      headers: request.headers,
    });

    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      const login = String(request.headers['x-fake-github-login'] ?? options.defaultLogin ?? '');
      if (q.get('client_id') !== clientId) return send(response, 404, { error: 'unknown client' });
      if (!users.some((u) => u.login === login)) return send(response, 403, { error: 'no user' });
      const code = randomBytes(10).toString('hex');
      grants.set(code, {
        login,
        clientId,
        redirectUri: q.get('redirect_uri'),
        challenge: q.get('code_challenge'),
        method: q.get('code_challenge_method'),
        expires: Date.now() + 10 * 60_000,
      });
      const target = new URL(q.get('redirect_uri') ?? `${base}/callback`);
      target.searchParams.set('code', code);
      const state = q.get('state');
      if (state !== null) target.searchParams.set('state', state);
      response.writeHead(302, { location: target.toString() });
      return response.end();
    }

    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      // GitHub answers 200 with an `error` field for refused exchanges.
      const refuse = (error: string) => send(response, 200, { error, error_description: error });
      if (body['client_id'] !== clientId || body['client_secret'] !== clientSecret) {
        return refuse('incorrect_client_credentials');
      }
      const grant = grants.get(body['code'] ?? '');
      grants.delete(body['code'] ?? '');
      if (!grant || grant.expires < Date.now()) return refuse('bad_verification_code');
      if (grant.redirectUri !== null && body['redirect_uri'] !== grant.redirectUri) {
        return refuse('redirect_uri_mismatch');
      }
      if (grant.challenge !== null) {
        const verifier = body['code_verifier'] ?? '';
        if (grant.method !== 'S256' || challengeOf(verifier) !== grant.challenge) {
          return refuse('bad_verification_code');
        }
      }
      const token = `gho_${randomBytes(16).toString('hex')}`;
      tokens.set(token, grant.login);
      return send(response, 200, {
        access_token: token,
        token_type: 'bearer',
        scope: 'read:user,user:email',
      });
    }

    if (request.method === 'GET' && url.pathname === '/user') {
      const user = userByToken(request);
      if (!user) return send(response, 401, { message: 'Bad credentials' });
      return send(response, 200, {
        login: user.login,
        id: user.id,
        name: user.name,
        email: user.email,
        avatar_url: `${base}/avatars/${user.login}.png`,
        type: 'User',
      });
    }

    if (request.method === 'GET' && url.pathname === '/user/emails') {
      const user = userByToken(request);
      if (!user) return send(response, 401, { message: 'Bad credentials' });
      return send(
        response,
        200,
        user.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
      );
    }

    const picture = /^\/avatars\/(.+)\.png$/.exec(url.pathname);
    if (request.method === 'GET' && picture) {
      const png = await avatar(picture[1] ?? '');
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      return response.end(png);
    }

    return send(response, 404, { message: 'Not Found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    clientId,
    clientSecret,
    env: {
      GITHUB_CLIENT_ID: clientId,
      GITHUB_CLIENT_SECRET: clientSecret,
      GITHUB_OAUTH_URL: base,
      GITHUB_API_URL: base,
    },
    users,
    calls,
    async approve(authorizeUrl, login) {
      const response = await fetch(authorizeUrl, {
        redirect: 'manual',
        headers: { 'x-fake-github-login': login },
      });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) {
        throw new Error(`the fake GitHub refused to authorize (${response.status})`);
      }
      const back = new URL(location);
      return {
        code: back.searchParams.get('code') ?? '',
        state: back.searchParams.get('state') ?? '',
      };
    },
    addUser(user) {
      users.push(user);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
