/**
 * Random nicknames (original-behaviour §4.8): a Three-Kingdoms-era place plus a random Chinese full
 * name. With coordinates, the place nearest to them (great-circle distance).
 */
import { randomInt } from 'node:crypto';
import { onFirstUse } from '../common/on-first-use.ts';

export interface Place {
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
}

/**
 * The 44 places, each at its modern location: the city, county or site that stands where the
 * historical seat was (commanderies by their seat, e.g. 丹阳 at 宛陵 = Xuancheng, 庐江 at Lujiang).
 */
export const PLACES: readonly Place[] = [
  { name: '洛阳', latitude: 34.619, longitude: 112.454 }, // Luoyang
  { name: '许昌', latitude: 34.036, longitude: 113.852 }, // Xuchang
  { name: '颍川', latitude: 34.14, longitude: 113.488 }, // Yuzhou (Yangzhai)
  { name: '邺城', latitude: 36.333, longitude: 114.61 }, // Ye ruins, Linzhang
  { name: '济南', latitude: 36.651, longitude: 117.12 }, // Jinan
  { name: '曲阜', latitude: 35.581, longitude: 116.986 }, // Qufu
  { name: '泰山', latitude: 36.195, longitude: 117.088 }, // Tai'an
  { name: '临沂', latitude: 35.104, longitude: 118.356 }, // Linyi
  { name: '东平', latitude: 35.937, longitude: 116.47 }, // Dongping
  { name: '陈留', latitude: 34.701, longitude: 114.541 }, // Chenliu, Kaifeng
  { name: '彭城', latitude: 34.205, longitude: 117.284 }, // Xuzhou
  { name: '沛县', latitude: 34.721, longitude: 116.937 }, // Pei County
  { name: '下邳', latitude: 34.335, longitude: 117.959 }, // Pizhou
  { name: '临淄', latitude: 36.827, longitude: 118.309 }, // Linzi, Zibo
  { name: '上党', latitude: 36.195, longitude: 113.117 }, // Changzhi
  { name: '北平', latitude: 39.904, longitude: 116.407 }, // Beijing
  { name: '涿郡', latitude: 39.486, longitude: 115.974 }, // Zhuozhou
  { name: '武都', latitude: 33.392, longitude: 104.926 }, // Wudu, Longnan
  { name: '阴平', latitude: 32.943, longitude: 104.683 }, // Wen County, Gansu
  { name: '天水', latitude: 34.581, longitude: 105.725 }, // Tianshui
  { name: '长安', latitude: 34.341, longitude: 108.94 }, // Xi'an
  { name: '扶风', latitude: 34.375, longitude: 107.9 }, // Fufeng
  { name: '咸阳', latitude: 34.329, longitude: 108.709 }, // Xianyang
  { name: '敦煌', latitude: 40.142, longitude: 94.662 }, // Dunhuang
  { name: '酒泉', latitude: 39.732, longitude: 98.494 }, // Jiuquan
  { name: '成都', latitude: 30.572, longitude: 104.066 }, // Chengdu
  { name: '汉中', latitude: 33.068, longitude: 107.023 }, // Hanzhong
  { name: '江州', latitude: 29.563, longitude: 106.551 }, // Chongqing
  { name: '江陵', latitude: 30.335, longitude: 112.24 }, // Jingzhou
  { name: '长沙', latitude: 28.228, longitude: 112.939 }, // Changsha
  { name: '零陵', latitude: 26.42, longitude: 111.613 }, // Yongzhou
  { name: '襄阳', latitude: 32.009, longitude: 112.122 }, // Xiangyang
  { name: '新野', latitude: 32.52, longitude: 112.36 }, // Xinye
  { name: '南阳', latitude: 32.991, longitude: 112.528 }, // Nanyang
  { name: '武昌', latitude: 30.391, longitude: 114.895 }, // Ezhou
  { name: '建业', latitude: 32.06, longitude: 118.797 }, // Nanjing
  { name: '吴郡', latitude: 31.299, longitude: 120.585 }, // Suzhou
  { name: '会稽', latitude: 30, longitude: 120.58 }, // Shaoxing
  { name: '丹阳', latitude: 30.94, longitude: 118.758 }, // Xuancheng (Wanling)
  { name: '豫章', latitude: 28.682, longitude: 115.858 }, // Nanchang
  { name: '庐江', latitude: 31.256, longitude: 117.287 }, // Lujiang
  { name: '广陵', latitude: 32.394, longitude: 119.413 }, // Yangzhou
  { name: '寿春', latitude: 32.573, longitude: 116.787 }, // Shou County
  { name: '苍梧', latitude: 23.477, longitude: 111.279 }, // Wuzhou
];

const RAD = Math.PI / 180;

/** The great-circle angle between two points (haversine), enough to compare distances. */
function angle(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function nearestPlace(latitude: number, longitude: number): Place {
  let best = PLACES[0] as Place;
  let bestAngle = Infinity;
  for (const place of PLACES) {
    const a = angle(latitude, longitude, place.latitude, place.longitude);
    if (a < bestAngle) {
      best = place;
      bestAngle = a;
    }
  }
  return best;
}

export function randomPlace(): Place {
  return PLACES[randomInt(PLACES.length)] as Place;
}

/** faker's Chinese names, loaded when the first nickname is asked for rather than at start. */
const chineseNames = onFirstUse(() => import('@faker-js/faker/locale/zh_CN'));

/** A place (the nearest one when coordinates are given, else a random one) and a Chinese name. */
export async function randomNickname(at?: {
  latitude: number;
  longitude: number;
}): Promise<string> {
  const place = at ? nearestPlace(at.latitude, at.longitude) : randomPlace();
  const { faker } = await chineseNames();
  return place.name + faker.person.fullName();
}
