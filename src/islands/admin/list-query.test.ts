import { expect, test } from 'vitest';
import {
  DEFAULT_LIST_STATE,
  formatListState,
  parseListState,
  roleAuthority,
  roleNamesIn,
  rolesOf,
  toUserListQuery,
  toggleSort,
  userIdFromPath,
} from './list-query.ts';

test('an empty address gives the defaults: page 1 of 20, newest first', () => {
  expect(parseListState('')).toEqual(DEFAULT_LIST_STATE);
  expect(DEFAULT_LIST_STATE).toMatchObject({
    pageNum: 1,
    pageSize: 20,
    sort: 'createTime',
    order: 'desc',
  });
});

test('the address round-trips every setting, and defaults are left out', () => {
  const state = {
    pageNum: 3,
    pageSize: 50,
    search: 'ann',
    locked: 'true' as const,
    role: 'blog_admin',
    sort: 'username' as const,
    order: 'asc' as const,
  };
  const query = formatListState(state);
  expect(query).toBe('page=3&size=50&q=ann&locked=true&role=blog_admin&sort=username&order=asc');
  expect(parseListState(`?${query}`)).toEqual(state);
  expect(formatListState(DEFAULT_LIST_STATE)).toBe('');
});

test('unreadable values fall back to the defaults', () => {
  expect(
    parseListState('?page=-2&size=33&locked=maybe&sort=password&order=up&q=' + 'x'.repeat(100)),
  ).toEqual({ ...DEFAULT_LIST_STATE, search: 'x'.repeat(64) });
  expect(parseListState('?page=1e9').pageNum).toBe(1);
});

test('toUserListQuery: trims the search and turns the locked filter into a boolean', () => {
  expect(
    toUserListQuery({ ...DEFAULT_LIST_STATE, search: '  bo ', locked: 'false', role: '' }),
  ).toEqual({
    pageNum: 1,
    pageSize: 20,
    search: 'bo',
    locked: false,
    role: undefined,
    sort: 'createTime',
    order: 'desc',
  });
  expect(toUserListQuery(DEFAULT_LIST_STATE)).toMatchObject({
    search: undefined,
    locked: undefined,
  });
});

test('toggleSort: same column flips, another column starts naturally, back to page 1', () => {
  const onPage3 = { ...DEFAULT_LIST_STATE, pageNum: 3 };
  expect(toggleSort(onPage3, 'createTime')).toMatchObject({
    sort: 'createTime',
    order: 'asc',
    pageNum: 1,
  });
  expect(toggleSort(onPage3, 'username')).toMatchObject({
    sort: 'username',
    order: 'asc',
    pageNum: 1,
  });
  expect(toggleSort({ ...onPage3, sort: 'username', order: 'asc' }, 'username')).toMatchObject({
    order: 'desc',
  });
  expect(toggleSort(onPage3, 'updateTime')).toMatchObject({ sort: 'updateTime', order: 'desc' });
});

test('roles: names ↔ authorities, and which listed roles a user holds', () => {
  expect(roleAuthority('super_admin')).toBe('ROLE_super_admin');
  expect(roleAuthority('ROLE_super_admin')).toBe('ROLE_super_admin');
  const permissions = ['ROLE_blog_admin', 'blog:tag:manage', 'ROLE_proxy_admin'];
  expect(roleNamesIn(permissions)).toEqual(['blog_admin', 'proxy_admin']);
  const roles = [{ name: 'super_admin' }, { name: 'blog_admin' }, { name: 'proxy_admin' }];
  expect(rolesOf(permissions, roles)).toEqual(['blog_admin', 'proxy_admin']);
  expect(rolesOf([], roles)).toEqual([]);
});

test('userIdFromPath reads the id; the shell and other paths give null', () => {
  expect(userIdFromPath('/admin/user/edit/0b5c-42')).toBe('0b5c-42');
  expect(userIdFromPath('/admin/user/edit/0b5c-42/')).toBe('0b5c-42');
  expect(userIdFromPath('/admin/user/edit/a%20b')).toBe('a b');
  expect(userIdFromPath('/admin/user/edit/_')).toBeNull();
  expect(userIdFromPath('/admin/user/edit/')).toBeNull();
  expect(userIdFromPath('/admin/user/edit/a/b')).toBeNull();
  expect(userIdFromPath('/admin/user/edit/%E0%A4%A')).toBeNull();
  expect(userIdFromPath('/admin/user/list')).toBeNull();
});
