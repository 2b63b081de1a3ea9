/**
 * The region a node's name points to (original-behaviour §8.1: country codes and Chinese aliases),
 * with its flag. Providers name nodes like `🇭🇰 香港 01`, `HK-IPLC-2`, `美国 洛杉矶 | 1x`.
 */

export interface Region {
  /** ISO 3166-1 alpha-2, except `UK` for the United Kingdom as providers write it. */
  readonly code: string;
  readonly zh: string;
  readonly en: string;
  /** Words in a name that mean this region (codes match as whole words). */
  readonly aliases: readonly string[];
}

export const REGIONS: readonly Region[] = [
  { code: 'HK', zh: '香港', en: 'Hong Kong', aliases: ['香港', 'Hong Kong', 'HongKong'] },
  { code: 'TW', zh: '台湾', en: 'Taiwan', aliases: ['台湾', '台灣', 'Taiwan'] },
  {
    code: 'US',
    zh: '美国',
    en: 'United States',
    aliases: ['美国', '硅谷', '洛杉矶', 'United States', 'USA'],
  },
  { code: 'JP', zh: '日本', en: 'Japan', aliases: ['日本', '东京', '大阪', 'Japan', 'Tokyo'] },
  { code: 'KR', zh: '韩国', en: 'South Korea', aliases: ['韩', 'Korea', 'Seoul'] },
  {
    code: 'UK',
    zh: '英国',
    en: 'United Kingdom',
    aliases: ['英国', 'United Kingdom', 'London', 'GB'],
  },
  { code: 'DE', zh: '德国', en: 'Germany', aliases: ['德国', 'Germany', 'Frankfurt'] },
  { code: 'FR', zh: '法国', en: 'France', aliases: ['法国', 'France', 'Paris'] },
  { code: 'ID', zh: '印尼', en: 'Indonesia', aliases: ['印尼', 'Indonesia', 'Jakarta'] },
  { code: 'RU', zh: '俄罗斯', en: 'Russia', aliases: ['俄罗斯', 'Russia', 'Moscow'] },
  { code: 'SG', zh: '新加坡', en: 'Singapore', aliases: ['新加坡', '狮城', 'Singapore'] },
  { code: 'CH', zh: '瑞士', en: 'Switzerland', aliases: ['瑞士', 'Switzerland', 'Zurich'] },
  { code: 'MY', zh: '马来西亚', en: 'Malaysia', aliases: ['马来西亚', 'Malaysia', 'Kuala Lumpur'] },
];

/** The flag emoji of a region (regional indicator letters; `UK` is written `GB`). */
export function flagOf(code: string): string {
  const iso = code === 'UK' ? 'GB' : code;
  return String.fromCodePoint(...[...iso].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Codes and Latin aliases as whole words; Chinese aliases and flags anywhere. */
const MATCHERS = REGIONS.map((region) => {
  const latin = [region.code, ...region.aliases.filter((a) => /^[A-Za-z ]+$/.test(a))];
  const chinese = region.aliases.filter((a) => !/^[A-Za-z ]+$/.test(a));
  const words = new RegExp(`(?:^|[^A-Za-z])(?:${latin.map(escape).join('|')})(?![A-Za-z])`, 'i');
  return {
    region,
    test: (name: string) =>
      name.includes(flagOf(region.code)) ||
      chinese.some((alias) => name.includes(alias)) ||
      words.test(name),
  };
});

/** The region a node's name names first (the earliest mention wins), or null. */
export function regionOf(name: string): Region | null {
  let best: { region: Region; at: number } | null = null;
  for (const { region, test } of MATCHERS) {
    if (!test(name)) continue;
    const at = Math.min(
      ...[flagOf(region.code), ...region.aliases, region.code]
        .map((word) => name.toLowerCase().indexOf(word.toLowerCase()))
        .filter((i) => i >= 0),
    );
    if (best === null || at < best.at) best = { region, at };
  }
  return best?.region ?? null;
}
