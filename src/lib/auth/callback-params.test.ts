import { describe, expect, test } from 'vitest';
import { readGithubReturn, readRecoveryToken } from './callback-params.ts';

describe('callback URLs', () => {
  test('GitHub: code and state, a refusal, or nothing usable', () => {
    expect(readGithubReturn('?code=abc&state=xyz')).toEqual({
      kind: 'code',
      code: 'abc',
      state: 'xyz',
    });
    expect(readGithubReturn('?error=access_denied&state=xyz')).toEqual({ kind: 'denied' });
    expect(readGithubReturn('?code=abc')).toEqual({ kind: 'missing' });
    expect(readGithubReturn('')).toEqual({ kind: 'missing' });
  });

  test('recovery: the token, decoded; null when absent or blank', () => {
    expect(readRecoveryToken('?token=a%2Bb_c')).toBe('a+b_c');
    expect(readRecoveryToken('?token=')).toBeNull();
    expect(readRecoveryToken('?other=1')).toBeNull();
  });
});
