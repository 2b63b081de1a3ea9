import { expect, test } from 'vitest';
import {
  DEFAULT_NODE_LIST,
  DEFAULT_TOKEN_LIST,
  formatNodeListState,
  formatTokenListState,
  nodesOfSubscriptionHref,
  parseNodeListState,
  parseTokenListState,
  proxyIdFromPath,
  toNodeQuery,
  toggleListSort,
} from './list-query.ts';
import { hasFilters, withoutFilters } from '../common/list/list-query.ts';

test('the node list round-trips its filters through the address; defaults are left out', () => {
  const state = {
    ...DEFAULT_NODE_LIST,
    pageNum: 2,
    search: 'hk',
    type: 'vless' as const,
    region: 'HK',
    source: 'manual',
    sort: 'name' as const,
    order: 'asc' as const,
  };
  const query = formatNodeListState(state);
  expect(query).toBe('page=2&q=hk&type=vless&region=HK&source=manual&sort=name&order=asc');
  expect(parseNodeListState(`?${query}`)).toEqual(state);
  expect(formatNodeListState(DEFAULT_NODE_LIST)).toBe('');
});

test('unknown types and regions fall back to every one; `none` is a region filter', () => {
  expect(parseNodeListState('?type=wireguard&region=XX')).toEqual(DEFAULT_NODE_LIST);
  expect(parseNodeListState('?region=none').region).toBe('none');
});

test('search, type, region and source narrow the node list; clearing them keeps the order', () => {
  const narrowed = { ...DEFAULT_NODE_LIST, pageNum: 2, region: 'none', sort: 'name' as const };
  expect(hasFilters(DEFAULT_NODE_LIST, DEFAULT_NODE_LIST)).toBe(false);
  expect(hasFilters({ ...DEFAULT_NODE_LIST, pageNum: 2, order: 'asc' }, DEFAULT_NODE_LIST)).toBe(
    false,
  );
  expect(hasFilters(narrowed, DEFAULT_NODE_LIST)).toBe(true);
  expect(hasFilters({ ...DEFAULT_NODE_LIST, source: 'manual' }, DEFAULT_NODE_LIST)).toBe(true);
  expect(withoutFilters(narrowed, DEFAULT_NODE_LIST)).toEqual({
    ...DEFAULT_NODE_LIST,
    sort: 'name',
  });
});

test('the API query sends the source as subscriptionId and leaves out what is unset', () => {
  expect(toNodeQuery({ ...DEFAULT_NODE_LIST, search: ' ', source: 's1' })).toEqual({
    pageNum: 1,
    pageSize: 20,
    search: undefined,
    type: undefined,
    region: undefined,
    subscriptionId: 's1',
    sort: 'createTime',
    order: 'desc',
  });
  expect(nodesOfSubscriptionHref('s1')).toBe('/proxy/node/list?source=s1');
});

test('the token list reads its status; sorting by name starts A→Z, by a date newest first', () => {
  expect(parseTokenListState('?status=revoked').status).toBe('revoked');
  expect(parseTokenListState('?status=lost').status).toBe('');
  expect(formatTokenListState({ ...DEFAULT_TOKEN_LIST, status: 'active' })).toBe('status=active');
  const paged = { ...DEFAULT_TOKEN_LIST, pageNum: 3 };
  expect(toggleListSort(paged, 'name')).toMatchObject({ sort: 'name', order: 'asc', pageNum: 1 });
  expect(toggleListSort(paged, 'expireTime')).toMatchObject({ order: 'desc', pageNum: 1 });
});

test('edit pages read their id; the shell and other paths have none', () => {
  expect(proxyIdFromPath('token', '/proxy/token/edit/t%201')).toBe('t 1');
  expect(proxyIdFromPath('token', '/proxy/token/edit/_')).toBeNull();
  expect(proxyIdFromPath('node', '/proxy/token/edit/t1')).toBeNull();
});
