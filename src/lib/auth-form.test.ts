import { describe, expect, test, vi } from 'vitest';
import {
  checkLogin,
  checkNewPassword,
  checkRecoverInitiate,
  checkRegister,
  devicePosition,
  formatWait,
  nicknameNearby,
  passwordStrength,
  readFailure,
  readGithubReturn,
  readRecoveryToken,
  roughly,
  splitBilingual,
  type NicknameSources,
} from './auth-form.ts';
import { ApiError } from './http.ts';
import { Code } from './shared/codes.ts';

describe('readFailure', () => {
  test('the generic sign-in refusal keeps both languages and says whether a captcha is next', () => {
    const error = new ApiError(Code.REFUSED, '账号或密码错误 / Wrong account or password', {
      captchaRequired: true,
    });
    expect(readFailure(error)).toEqual({
      code: Code.REFUSED,
      notice: { text: { zh: '账号或密码错误', en: 'Wrong account or password' } },
      captchaRejected: false,
      captchaRequired: true,
      retryAfterSeconds: null,
    });
    const notYet = new ApiError(Code.REFUSED, 'x / y', { captchaRequired: false });
    expect(readFailure(notYet).captchaRequired).toBe(false);
  });

  test('-4 and -5 reject the captcha and ask for one, with or without data', () => {
    const missing = readFailure(
      new ApiError(Code.CAPTCHA_EXPIRED, '请输入验证码 / Enter the code', {
        captchaRequired: true,
      }),
    );
    expect(missing).toMatchObject({ captchaRejected: true, captchaRequired: true });
    const wrong = readFailure(new ApiError(Code.CAPTCHA_WRONG, '验证码错误 / The code is wrong'));
    expect(wrong).toMatchObject({
      code: Code.CAPTCHA_WRONG,
      captchaRejected: true,
      captchaRequired: true,
      notice: { text: { zh: '验证码错误', en: 'The code is wrong' } },
    });
  });

  test('-429 with a wait becomes our countdown message; without one, the server text', () => {
    const slowed = readFailure(
      new ApiError(Code.TOO_MANY_REQUESTS, '请稍后 / Later', { retryAfterSeconds: 95 }),
    );
    expect(slowed.retryAfterSeconds).toBe(95);
    expect(slowed.notice).toEqual({ key: 'auth.error.throttled', vars: { time: '1:35' } });
    const plain = readFailure(new ApiError(Code.TOO_MANY_REQUESTS, '太快了 / Too fast'));
    expect(plain.retryAfterSeconds).toBeNull();
    expect(plain.notice).toEqual({ text: { zh: '太快了', en: 'Too fast' } });
  });

  test('a retry time on any other code is not a countdown', () => {
    const error = new ApiError(Code.REFUSED, 'a / b', { retryAfterSeconds: 30 });
    expect(readFailure(error).retryAfterSeconds).toBeNull();
  });

  test('no answer at all → the network message; a non-API error → the generic one', () => {
    const network = readFailure(new ApiError(Code.INTERNAL, 'Network error', null, true));
    expect(network.notice).toEqual({ key: 'auth.error.network' });
    expect(network.captchaRequired).toBeNull();
    expect(readFailure(new TypeError('boom')).notice).toEqual({ key: 'auth.error.unknown' });
  });

  test('a validation message (English only) shows as it is in both languages', () => {
    const error = new ApiError(Code.BAD_REQUEST, 'body.username: must match pattern');
    expect(readFailure(error).notice).toEqual({
      text: { zh: 'body.username: must match pattern', en: 'body.username: must match pattern' },
    });
    expect(readFailure(new ApiError(Code.REFUSED, '  ')).notice).toEqual({
      key: 'auth.error.unknown',
    });
  });
});

test('splitBilingual splits at the first " / " only', () => {
  expect(splitBilingual('中文 / English / more')).toEqual({ zh: '中文', en: 'English / more' });
  expect(splitBilingual('only one')).toEqual({ zh: 'only one', en: 'only one' });
});

test('formatWait shows minutes and seconds, rounding up', () => {
  expect(formatWait(0)).toBe('0:00');
  expect(formatWait(4.2)).toBe('0:05');
  expect(formatWait(60)).toBe('1:00');
  expect(formatWait(900)).toBe('15:00');
  expect(formatWait(-3)).toBe('0:00');
});

describe('field checks', () => {
  test('login: account and password required; the code only when a captcha is shown', () => {
    expect(checkLogin({ account: ' ', password: '', code: null })).toEqual({
      account: 'auth.error.accountRequired',
      password: 'auth.error.passwordRequired',
    });
    expect(checkLogin({ account: 'ann', password: 'x', code: null })).toEqual({});
    expect(checkLogin({ account: 'ann', password: 'x', code: ' ' })).toEqual({
      code: 'auth.error.captchaRequired',
    });
  });

  const good = {
    username: 'ann_lee-2',
    password: 'correct horse',
    confirmPassword: 'correct horse',
    nickname: ' 洛阳 曹操 ',
    code: 'ab12',
  };

  test('register: a good form has no errors', () => {
    expect(checkRegister(good)).toEqual({});
  });

  test.each([
    [{ username: '' }, { username: 'auth.error.usernameRequired' }],
    [{ username: 'ab' }, { username: 'auth.error.usernameInvalid' }],
    [{ username: 'a'.repeat(33) }, { username: 'auth.error.usernameInvalid' }],
    [{ username: 'ann lee' }, { username: 'auth.error.usernameInvalid' }],
    [{ username: '安妮安妮' }, { username: 'auth.error.usernameInvalid' }],
    [{ password: 'short12', confirmPassword: 'short12' }, { password: 'auth.error.passwordShort' }],
    [
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      { password: 'auth.error.passwordLong' },
    ],
    [{ confirmPassword: '' }, { confirmPassword: 'auth.error.confirmRequired' }],
    [{ confirmPassword: 'correct horsE' }, { confirmPassword: 'auth.error.confirmMismatch' }],
    [{ nickname: '   ' }, { nickname: 'auth.error.nicknameRequired' }],
    [{ nickname: '名'.repeat(33) }, { nickname: 'auth.error.nicknameLong' }],
    [{ code: '' }, { code: 'auth.error.captchaRequired' }],
  ])('register: %j → %j', (change, errors) => {
    expect(checkRegister({ ...good, ...change })).toEqual(errors);
  });

  test('register: 32 Chinese characters are a valid nickname; 8 of them a valid password', () => {
    expect(checkRegister({ ...good, nickname: '名'.repeat(32) })).toEqual({});
    const chinese = '我的密码很长很长';
    expect(checkRegister({ ...good, password: chinese, confirmPassword: chinese })).toEqual({});
  });

  test('recovery: a plausible email and the code', () => {
    expect(checkRecoverInitiate({ email: ' ann@example.com ', code: 'x' })).toEqual({});
    expect(checkRecoverInitiate({ email: '', code: '' })).toEqual({
      email: 'auth.error.emailRequired',
      code: 'auth.error.captchaRequired',
    });
    expect(checkRecoverInitiate({ email: 'ann@example', code: 'x' })).toEqual({
      email: 'auth.error.emailInvalid',
    });
  });

  test('new password: length and confirmation', () => {
    expect(checkNewPassword({ password: 'long enough', confirmPassword: 'long enough' })).toEqual(
      {},
    );
    expect(checkNewPassword({ password: '', confirmPassword: 'x' })).toEqual({
      password: 'auth.error.passwordRequired',
      confirmPassword: 'auth.error.confirmMismatch',
    });
  });
});

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

describe('a nickname near the visitor', () => {
  const here = { latitude: 34.261_234, longitude: 108.942_987 };

  function sources(overrides: Partial<NicknameSources> = {}) {
    const nickname = vi.fn(async (near?: { latitude: number; longitude: number }) =>
      near ? `near ${near.latitude},${near.longitude}` : 'random',
    );
    return {
      nickname,
      all: {
        device: async () => here,
        ip: async () => ({ latitude: 1, longitude: 2 }),
        nickname,
        ...overrides,
      } satisfies NicknameSources,
    };
  }

  test('the browser position first, rounded to 3 decimals', async () => {
    const { all, nickname } = sources();
    await expect(nicknameNearby(all)).resolves.toEqual({
      nickname: 'near 34.261,108.943',
      origin: 'device',
    });
    expect(nickname).toHaveBeenCalledWith({ latitude: 34.261, longitude: 108.943 });
  });

  test('refused geolocation → the IP location', async () => {
    const { all } = sources({ device: () => Promise.reject(new Error('denied')) });
    await expect(nicknameNearby(all)).resolves.toEqual({ nickname: 'near 1,2', origin: 'ip' });
  });

  test('no IP location either (code 0) → a random place', async () => {
    const { all, nickname } = sources({
      device: () => Promise.reject(new Error('denied')),
      ip: () => Promise.reject(new ApiError(Code.REFUSED, '未配置 / Not configured')),
    });
    await expect(nicknameNearby(all)).resolves.toEqual({ nickname: 'random', origin: 'random' });
    expect(nickname).toHaveBeenCalledWith(undefined);
  });

  test('a failing nickname call rejects', async () => {
    const { all } = sources({ nickname: () => Promise.reject(new Error('down')) });
    await expect(nicknameNearby(all)).rejects.toThrow('down');
  });

  test('roughly rounds both coordinates', () => {
    expect(roughly({ latitude: -33.86785, longitude: 151.20732 })).toEqual({
      latitude: -33.868,
      longitude: 151.207,
    });
  });
});

describe('devicePosition', () => {
  function geolocation(
    answer: (ok: PositionCallback, fail: PositionErrorCallback) => void,
  ): Geolocation {
    return {
      getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) =>
        answer(ok, fail ?? (() => {})),
    } as Geolocation;
  }

  test('resolves the coordinates the browser gives', async () => {
    const browser = geolocation((ok) =>
      ok({ coords: { latitude: 30.5, longitude: 114.3 } } as GeolocationPosition),
    );
    await expect(devicePosition(browser)).resolves.toEqual({ latitude: 30.5, longitude: 114.3 });
  });

  test('rejects when refused or when there is no geolocation', async () => {
    const refused = geolocation((_ok, fail) =>
      fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    await expect(devicePosition(refused)).rejects.toThrow('User denied');
    await expect(devicePosition(undefined)).rejects.toThrow();
  });
});

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
