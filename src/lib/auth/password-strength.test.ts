import { describe, expect, test } from 'vitest';
import { passwordStrength } from './password-strength.ts';

describe('passwordStrength', () => {
  test.each([
    ['', 'empty'],
    ['abc', 'short'],
    ['密码密码密码密', 'short'],
    ['x'.repeat(129), 'long'],
    ['aaaaaaaaaaaa', 'weak'],
    ['abcdefgh', 'weak'],
    ['12345678', 'weak'],
    ['qwertyuiop', 'weak'],
    ['Tr0ub4dor', 'fair'],
    ['correct horse battery staple', 'strong'],
    ['k8#Qz!m2Wp', 'strong'],
  ] as const)('%j → %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});
