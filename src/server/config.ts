/**
 * Configuration: the only file under src/server that reads process.env. Every variable is checked
 * at start; a bad value stops the start with one line naming the variable and what is allowed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_HOST, DEFAULT_PORT, siteOrigin } from '../lib/shared/site-origin.ts';

export interface Config {
  readonly host: string;
  readonly port: number;
  /** The site's public origin (no trailing slash): links in mail, and every build's links. */
  readonly siteUrl: string;
  readonly dataDir: string;
  readonly distDir: string;
  /** PostgreSQL when set; otherwise SQLite at `sqlitePath`. */
  readonly databaseUrl: string | null;
  readonly sqlitePath: string;
  readonly redisUrl: string | null;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly trustProxy: boolean;
  readonly bodyLimit: number;
  readonly sessionIdleDays: number;
  readonly sessionMaxDays: number;
  /** How long a token replaced by refresh keeps working, so parallel requests do not fail. */
  readonly refreshGraceSeconds: number;
  readonly adminUsername: string | null;
  readonly adminPassword: string | null;
  readonly adminEmail: string | null;
  readonly nodeEnv: string;
  /** Predictable captchas for the test suites; refused unless NODE_ENV=test. */
  readonly captchaTestMode: boolean;
  /** Outgoing mail; without a host, mail is written to `<dataDir>/outbox` as .eml files. */
  readonly smtp: {
    readonly host: string | null;
    readonly port: number;
    readonly secure: boolean;
    readonly user: string | null;
    readonly password: string | null;
  };
  readonly mailFrom: string;
  /** GitHub sign-in; off while the client id or secret is missing. Base URLs for tests. */
  readonly github: {
    readonly clientId: string | null;
    readonly clientSecret: string | null;
    readonly oauthUrl: string;
    readonly apiUrl: string;
  };
  /** An AMap-compatible IP-location service (`<url>/v3/ip?key=…&ip=…`); off without a key. */
  readonly ipLocation: { readonly key: string | null; readonly url: string };
  readonly proxy: {
    /** Let subscriptions fetch from private and loopback addresses (tests, a LAN upstream). */
    readonly allowPrivateUpstreams: boolean;
    /** Requests per minute one address may make to the client link `/api/proxy/agg`. */
    readonly linkRatePerMinute: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(
      `${name}="${raw}" is not allowed: use a whole number from ${min} to ${max}`,
    );
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name}="${raw}" is not allowed: use one of ${allowed.join(', ')}`);
  }
  return raw as T;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  return oneOf(env, name, fallback ? 'true' : 'false', ['true', 'false']) === 'true';
}

function url(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = optional(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: use ${protocols.join(' or ')}//…`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}//`);
  }
  return raw;
}

/** The site's origin (src/lib/shared/site-origin.ts), from the checked HOST and PORT. */
function origin(env: Env, host: string, port: number): string {
  try {
    return siteOrigin({ SITE_URL: env['SITE_URL'], HOST: host, PORT: String(port) });
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Builds the configuration from an environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env, cwd = process.cwd()): Config {
  const host = text(env, 'HOST', DEFAULT_HOST);
  const port = integer(env, 'PORT', DEFAULT_PORT, 0, 65535);
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR', './data'));
  const siteUrl = origin(env, host, port);
  const adminUsername = optional(env, 'ADMIN_USERNAME');
  const adminPassword = optional(env, 'ADMIN_PASSWORD');
  if ((adminUsername === null) !== (adminPassword === null)) {
    throw new ConfigError('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  const sessionIdleDays = integer(env, 'SESSION_IDLE_DAYS', 7, 1, 365);
  const sessionMaxDays = integer(env, 'SESSION_MAX_DAYS', 30, 1, 3650);
  if (sessionMaxDays < sessionIdleDays) {
    throw new ConfigError('SESSION_MAX_DAYS must not be smaller than SESSION_IDLE_DAYS');
  }
  const nodeEnv = text(env, 'NODE_ENV', 'production');
  const captchaTestMode = bool(env, 'CAPTCHA_TEST_MODE', false);
  if (captchaTestMode && nodeEnv !== 'test') {
    throw new ConfigError('CAPTCHA_TEST_MODE=true is refused unless NODE_ENV=test');
  }
  const smtpPort = integer(env, 'SMTP_PORT', 587, 1, 65535);
  return Object.freeze({
    host,
    port,
    siteUrl,
    dataDir,
    distDir: path.resolve(cwd, text(env, 'DIST_DIR', './dist')),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    sqlitePath: path.resolve(dataDir, text(env, 'SQLITE_FILE', 'atrium.db')),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', LOG_LEVELS),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    bodyLimit: integer(env, 'BODY_LIMIT', 1_048_576, 1024, 104_857_600),
    sessionIdleDays,
    sessionMaxDays,
    refreshGraceSeconds: integer(env, 'REFRESH_GRACE_SECONDS', 30, 0, 600),
    adminUsername,
    adminPassword,
    adminEmail: optional(env, 'ADMIN_EMAIL'),
    nodeEnv,
    captchaTestMode,
    smtp: Object.freeze({
      host: optional(env, 'SMTP_HOST'),
      port: smtpPort,
      secure: bool(env, 'SMTP_SECURE', smtpPort === 465),
      user: optional(env, 'SMTP_USER'),
      password: optional(env, 'SMTP_PASSWORD'),
    }),
    mailFrom: text(env, 'MAIL_FROM', `Atrium <no-reply@${new URL(siteUrl).hostname}>`),
    github: Object.freeze({
      clientId: optional(env, 'GITHUB_CLIENT_ID'),
      clientSecret: optional(env, 'GITHUB_CLIENT_SECRET'),
      oauthUrl: (url(env, 'GITHUB_OAUTH_URL', ['http:', 'https:']) ?? 'https://github.com').replace(
        /\/+$/,
        '',
      ),
      apiUrl: (url(env, 'GITHUB_API_URL', ['http:', 'https:']) ?? 'https://api.github.com').replace(
        /\/+$/,
        '',
      ),
    }),
    ipLocation: Object.freeze({
      key: optional(env, 'AMAP_KEY'),
      url: (url(env, 'AMAP_URL', ['http:', 'https:']) ?? 'https://restapi.amap.com').replace(
        /\/+$/,
        '',
      ),
    }),
    proxy: Object.freeze({
      allowPrivateUpstreams: bool(env, 'PROXY_ALLOW_PRIVATE_UPSTREAMS', false),
      linkRatePerMinute: integer(env, 'PROXY_LINK_RATE_PER_MINUTE', 60, 1, 10_000_000),
    }),
  });
}

/** The process environment, with `.env` from the working directory loaded underneath it. */
export function readEnv(cwd = process.cwd()): Env {
  const file = path.join(cwd, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  return process.env;
}
