import { expect, test } from 'vitest';
import { PLACES, nearestPlace, randomNickname } from './nickname.ts';

test('44 distinct places, each with coordinates inside China', () => {
  expect(PLACES).toHaveLength(44);
  expect(new Set(PLACES.map((p) => p.name)).size).toBe(44);
  for (const place of PLACES) {
    expect(place.latitude).toBeGreaterThan(18);
    expect(place.latitude).toBeLessThan(54);
    expect(place.longitude).toBeGreaterThan(73);
    expect(place.longitude).toBeLessThan(135);
  }
});

test.each([
  [30.66, 104.06, '成都'], // Chengdu
  [34.26, 117.18, '彭城'], // Xuzhou
  [39.91, 116.39, '北平'], // Beijing
  [22.54, 114.06, '苍梧'], // Shenzhen: Wuzhou is the nearest of the list
  [31.23, 121.47, '吴郡'], // Shanghai
  [40.14, 94.66, '敦煌'], // Dunhuang
])('(%f, %f) is nearest to %s', (latitude, longitude, name) => {
  expect(nearestPlace(latitude, longitude).name).toBe(name);
});

test('a nickname is a place and a Chinese name', async () => {
  for (let i = 0; i < 20; i += 1) {
    const nickname = await randomNickname();
    const place = PLACES.find((p) => nickname.startsWith(p.name));
    expect(place).toBeDefined();
    const name = nickname.slice(place?.name.length);
    expect(name).toMatch(/^[\u4e00-\u9fff]{2,4}$/);
  }
  expect(await randomNickname({ latitude: 30.66, longitude: 104.06 })).toMatch(/^成都/);
});
