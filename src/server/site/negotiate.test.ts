import { expect, test } from 'vitest';
import { ACCEPT_BR, ACCEPT_GZIP, acceptedEncodings } from './negotiate.ts';

const BOTH = ACCEPT_BR | ACCEPT_GZIP;

test.each([
  [undefined, 0],
  ['', 0],
  ['identity', 0],
  ['deflate', 0],
  ['gzip', ACCEPT_GZIP],
  ['x-gzip', ACCEPT_GZIP],
  ['GZIP', ACCEPT_GZIP],
  ['br', ACCEPT_BR],
  ['gzip, deflate, br, zstd', BOTH],
  ['gzip;q=1.0, br;q=0.9', BOTH],
  ['br;q=0, gzip', ACCEPT_GZIP],
  ['br; q=0.000, gzip;q=0', 0],
  ['*', BOTH],
  ['*;q=0', 0],
  ['gzip, *;q=0', ACCEPT_GZIP],
  ['br;q=0, *', ACCEPT_GZIP],
  ['br;q=bogus', 0],
  [' , ,br', ACCEPT_BR],
])('Accept-Encoding %j → %i', (header, bits) => {
  expect(acceptedEncodings(header)).toBe(bits);
  // Memoised answers are the same.
  expect(acceptedEncodings(header)).toBe(bits);
});

test('the memo stays bounded under many distinct headers', () => {
  for (let i = 0; i < 1000; i++) acceptedEncodings(`gzip, x-${i}`);
  expect(acceptedEncodings('gzip, x-1')).toBe(ACCEPT_GZIP);
});
