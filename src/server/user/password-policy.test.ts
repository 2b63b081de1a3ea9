import { expect, test } from 'vitest';
import { passwordProblem } from './password-policy.ts';

test.each([
  ['1234567', /at least 8/],
  ['x'.repeat(129), /at most 128/],
  ['password', /too common/],
  ['Qwertyuiop', /too common/],
  ['alice-the-admin', /differ from the username/],
])('%s is refused', async (password, why) => {
  expect(await passwordProblem(password, 'alice-the-admin')).toMatch(why);
});

test.each(['correct horse battery', 'zq8!vL', 'lowercaseonlybutlong', '密码很长而且很少见的句子'])(
  'no composition rules: %s',
  async (password) => {
    const problem = await passwordProblem(password, 'alice');
    if ([...password].length < 8) expect(problem).toMatch(/at least 8/);
    else expect(problem).toBeNull();
  },
);
