/** A nickname from the place nearest the visitor (the register form's "near me" button). */
import type { IpLocation as Coordinates } from '@/server/location/location.schema.ts';

/** Rounds to 3 decimals (about 100 m): all a place name needs, and no more is sent. */
export function roughly(position: Coordinates): Coordinates {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { latitude: round(position.latitude), longitude: round(position.longitude) };
}

export interface NicknameSources {
  /** The browser's position; rejects when refused, unavailable or too slow. */
  device: () => Promise<Coordinates>;
  /** The position of the visitor's IP; rejects (code 0) when the server has no maps service. */
  ip: () => Promise<Coordinates>;
  nickname: (near?: Coordinates) => Promise<string>;
}

export type NicknameOrigin = 'device' | 'ip' | 'random';

/**
 * A nickname from the nearest place: the browser's position first, else the IP's, else a random
 * place. Rejects only when the nickname itself cannot be had.
 */
export async function nicknameNearby(
  sources: NicknameSources,
): Promise<{ nickname: string; origin: NicknameOrigin }> {
  let near: Coordinates | undefined;
  let origin: NicknameOrigin = 'random';
  try {
    near = await sources.device();
    origin = 'device';
  } catch {
    try {
      near = await sources.ip();
      origin = 'ip';
    } catch {
      near = undefined;
    }
  }
  const nickname = await sources.nickname(near ? roughly(near) : undefined);
  return { nickname, origin };
}

/** The browser's position as a promise (rejects when geolocation is missing, refused or slow). */
export function devicePosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
  timeoutMs = 10_000,
): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => reject(new Error(error.message || 'geolocation failed')),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 10 * 60_000 },
    );
  });
}
