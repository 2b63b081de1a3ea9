/**
 * Where an IP address is, roughly, from an AMap-compatible service: `GET <url>/v3/ip?key=…&ip=…`
 * answers `{status: '1', rectangle: 'lng1,lat1;lng2,lat2'}`; the centre of the rectangle, each
 * coordinate rounded to 3 decimals, is the answer. Answers are kept for an hour per IP.
 */
import { AppError } from '../common/app-error.ts';
import type { AppContext } from '../context.ts';
import type { IpLocation } from './location.schema.ts';

export const LOOKUP_TIMEOUT_MS = 5_000;
export const CACHE_TTL_MS = 3_600_000;

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
const RECTANGLE = new RegExp(`^${NUMBER},${NUMBER};${NUMBER},${NUMBER}$`);

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The centre of `lng1,lat1;lng2,lat2`, or null when the text is not such a rectangle. */
export function rectangleCentre(rectangle: unknown): IpLocation | null {
  if (typeof rectangle !== 'string') return null;
  const match = RECTANGLE.exec(rectangle.trim());
  if (!match) return null;
  const [lng1, lat1, lng2, lat2] = match.slice(1).map(Number) as [number, number, number, number];
  const latitude = round3((lat1 + lat2) / 2);
  const longitude = round3((lng1 + lng2) / 2);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

function unavailable(): AppError {
  return AppError.refused('定位服务暂不可用 / The location service did not answer', 502);
}

export async function locateIp(
  ctx: Pick<AppContext, 'config' | 'kv'>,
  ip: string,
): Promise<IpLocation> {
  const { key, url } = ctx.config.ipLocation;
  if (!key) {
    throw AppError.refused('未配置定位服务 / IP location is not configured on this site', 503);
  }
  const cacheKey = `ip-location:${ip}`;
  const cached = await ctx.kv.get(cacheKey);
  if (cached) return JSON.parse(cached) as IpLocation;
  const query = new URLSearchParams({ key, ip });
  let body: { status?: unknown; rectangle?: unknown };
  try {
    const response = await fetch(`${url}/v3/ip?${query.toString()}`, {
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw unavailable();
    body = (await response.json()) as typeof body;
  } catch {
    throw unavailable();
  }
  if (body.status !== '1') throw unavailable();
  const centre = rectangleCentre(body.rectangle);
  if (!centre) {
    throw AppError.refused('无法根据 IP 定位 / This IP address could not be located', 404);
  }
  await ctx.kv.set(cacheKey, JSON.stringify(centre), CACHE_TTL_MS);
  return centre;
}
