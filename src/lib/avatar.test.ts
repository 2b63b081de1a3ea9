import { expect, test } from 'vitest';
import { avatarUrl } from './avatar.ts';
import { publicConfig } from './config.ts';
import { AVATAR_FOLDER, DEFAULT_AVATAR } from './shared/paths.ts';

const HOST = 'https://img.example.com';

test('image host + avatar folder + key', () => {
  expect(avatarUrl('42/abc.webp', HOST)).toBe(`${HOST}${AVATAR_FOLDER}42/abc.webp`);
});

test('null, undefined, empty or blank → the default silhouette', () => {
  for (const empty of [null, undefined, '', '   ']) {
    expect(avatarUrl(empty, HOST)).toBe(DEFAULT_AVATAR);
  }
});

test('defaults to the configured image host', () => {
  expect(avatarUrl('a.webp')).toBe(`${publicConfig.imageHost}${AVATAR_FOLDER}a.webp`);
});

test('an empty image host gives a same-origin path', () => {
  expect(avatarUrl('a.webp', '')).toBe(`${AVATAR_FOLDER}a.webp`);
});

test('a trailing slash on the host does not double the slash', () => {
  expect(avatarUrl('a.webp', `${HOST}/`)).toBe(`${HOST}${AVATAR_FOLDER}a.webp`);
});

test('keys are encoded segment by segment', () => {
  expect(avatarUrl('user 1/头像?.webp', HOST)).toBe(
    `${HOST}${AVATAR_FOLDER}user%201/${encodeURIComponent('头像')}%3F.webp`,
  );
  expect(avatarUrl('#x', HOST)).toBe(`${HOST}${AVATAR_FOLDER}%23x`);
});

test('absolute http(s) URLs are returned as is', () => {
  const github = 'https://avatars.githubusercontent.com/u/1?v=4';
  expect(avatarUrl(github, HOST)).toBe(github);
  expect(avatarUrl('http://example.com/a.png', HOST)).toBe('http://example.com/a.png');
});

test('other schemes and leading slashes stay inside the avatar folder', () => {
  expect(avatarUrl('javascript:alert(1)', HOST)).toBe(
    `${HOST}${AVATAR_FOLDER}javascript%3Aalert(1)`,
  );
  expect(avatarUrl('//evil.example/a.png', HOST)).toBe(`${HOST}${AVATAR_FOLDER}evil.example/a.png`);
});

test('dot segments cannot climb out of the folder', () => {
  expect(avatarUrl('../secret.png', HOST)).toBe(DEFAULT_AVATAR);
  expect(avatarUrl('a/./b.png', HOST)).toBe(DEFAULT_AVATAR);
});
