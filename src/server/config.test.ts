import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

test('defaults run on a fresh machine: embedded SQLite under ./data, 127.0.0.1:4321', () => {
  const config = loadConfig({}, '/srv/atrium');
  expect(config).toMatchObject({
    host: '127.0.0.1',
    port: 4321,
    databaseUrl: null,
    redisUrl: null,
    sqlitePath: '/srv/atrium/data/atrium.db',
    distDir: '/srv/atrium/dist',
    siteUrl: 'http://127.0.0.1:4321',
  });
  expect(Object.isFrozen(config)).toBe(true);
});

test.each([
  [{ PORT: 'abc' }, /^PORT="abc" is not allowed: use a whole number from 0 to 65535$/],
  [{ PORT: '70000' }, /^PORT=/],
  [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL="loud" is not allowed: use one of fatal, error/],
  [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must start with postgres: or postgresql:/],
  [{ REDIS_URL: 'not a url' }, /^REDIS_URL is not a valid URL/],
  [{ TRUST_PROXY: 'yes' }, /^TRUST_PROXY="yes" is not allowed: use one of true, false$/],
  [{ ADMIN_USERNAME: 'owner' }, /^ADMIN_USERNAME and ADMIN_PASSWORD must be set together$/],
  [{ SESSION_IDLE_DAYS: '10', SESSION_MAX_DAYS: '5' }, /^SESSION_MAX_DAYS must not be smaller/],
  [{ CAPTCHA_TEST_MODE: 'true' }, /^CAPTCHA_TEST_MODE=true is refused unless NODE_ENV=test$/],
  [{ CAPTCHA_TEST_MODE: 'true', NODE_ENV: 'production' }, /refused unless NODE_ENV=test/],
  [{ GITHUB_API_URL: 'ftp://x' }, /^GITHUB_API_URL must start with http: or https:/],
  [{ SITE_URL: 'example.com' }, /^SITE_URL is not a valid URL/],
  [{ SITE_URL: 'https://example.com/atrium' }, /^SITE_URL must be an origin without a path/],
  [{ HOST: 'not a host' }, /^HOST and PORT do not make a URL/],
])('a bad value stops the start naming the variable: %o', (env, message) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(message);
});

test('PostgreSQL and Redis are chosen by their URLs', () => {
  const config = loadConfig({
    DATABASE_URL: 'postgres://127.0.0.1/atrium',
    REDIS_URL: 'redis://127.0.0.1:6379',
  });
  expect(config.databaseUrl).toBe('postgres://127.0.0.1/atrium');
  expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
});

test('predictable captchas only under NODE_ENV=test', () => {
  expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_MODE: 'true' }).captchaTestMode).toBe(true);
  expect(loadConfig({}).captchaTestMode).toBe(false);
});

test('the site’s origin is SITE_URL, else http://HOST:PORT (the one rule the build uses too)', () => {
  expect(loadConfig({ PORT: '46445' }).siteUrl).toBe('http://127.0.0.1:46445');
  expect(loadConfig({ HOST: '::1' })).toMatchObject({
    siteUrl: 'http://[::1]:4321',
    mailFrom: 'Atrium <no-reply@[::1]>',
  });
  expect(loadConfig({ SITE_URL: 'https://Example.com/', PORT: '46445' }).siteUrl).toBe(
    'https://example.com',
  );
});
