/**
 * Password rules of ASVS level 1: 8 to 128 characters, not a common password, no composition rules.
 * The common-password list is zxcvbn-ts's (about 49,000 entries), loaded on first use (not at
 * start: the package with its other dictionaries is ≈ 15 MB of memory).
 */
import { PASSWORD_MAX, PASSWORD_MIN, charCount } from '../../lib/shared/limits.ts';
import { onFirstUse } from '../common/on-first-use.ts';

const commonPasswords = onFirstUse(() =>
  import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  ),
);

/** Why a password is refused, or null when it is acceptable. */
export async function passwordProblem(password: string, username?: string): Promise<string | null> {
  const length = charCount(password);
  if (length < PASSWORD_MIN)
    return `密码至少 ${PASSWORD_MIN} 个字符 / at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX)
    return `密码至多 ${PASSWORD_MAX} 个字符 / at most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  if ((await commonPasswords()).has(lower)) return '密码过于常见 / this password is too common';
  if (username && lower === username.toLowerCase())
    return '密码不能与用户名相同 / must differ from the username';
  return null;
}
