import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../http.ts';
import { Code } from '../shared/codes.ts';
import {
  devicePosition,
  nicknameNearby,
  roughly,
  type NicknameSources,
} from './nickname-nearby.ts';

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
