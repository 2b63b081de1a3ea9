/** The hint under a new password: how hard it looks to guess. */
import { PASSWORD_MAX, PASSWORD_MIN } from '../shared/limits.ts';

export type PasswordStrength = 'empty' | 'short' | 'long' | 'weak' | 'fair' | 'strong';

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiopasdfghjklzxcvbnm'];

function isStep(previous: string, current: string): boolean {
  const pair = (previous + current).toLowerCase();
  return SEQUENCES.some((sequence) => sequence.includes(pair));
}

/**
 * A rough guess of how hard a password is to guess, for the hint under the field: its length
 * outside the PASSWORD_MIN–PASSWORD_MAX limits, else weak / fair / strong from an entropy estimate
 * in which repeated characters and runs such as "abc", "123" or "qwerty" count little. No
 * composition rules: a long phrase of lower-case words is strong. The server alone decides (it also
 * refuses common passwords).
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password === '') return 'empty';
  const chars = [...password];
  if (chars.length < PASSWORD_MIN) return 'short';
  if (chars.length > PASSWORD_MAX) return 'long';
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[^A-Za-z0-9]/.test(password)) pool += 33;
  let effective = 0;
  chars.forEach((char, index) => {
    const previous = chars[index - 1];
    if (previous === undefined) effective += 1;
    else if (previous.toLowerCase() === char.toLowerCase()) effective += 0.1;
    else if (isStep(previous, char)) effective += 0.25;
    else effective += 1;
  });
  const bits = effective * Math.log2(pool);
  if (bits < 40) return 'weak';
  if (bits < 64) return 'fair';
  return 'strong';
}
