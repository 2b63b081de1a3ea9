/**
 * docs/benchmarks.md is written in sections, each between its own markers, so that `npm run bench`
 * (static pages, blog API, save-to-live) and `npm run lighthouse` each refresh only what they
 * measured and keep the rest. The header (title, how to refresh, the machine) is rewritten by
 * every run.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { REPORT, isoNow, machine } from './common.ts';

/** The sections in the order the file shows them. */
export const SECTIONS = ['static', 'blog-api', 'blog-live', 'proxy', 'lighthouse'] as const;
export type SectionName = (typeof SECTIONS)[number];

const start = (name: string) => `<!-- bench:${name} -->`;
const end = (name: string) => `<!-- /bench:${name} -->`;

function header(): string[] {
  return [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (bench/run.ts: static pages, the blog API, article pages and',
    'save-to-live, the proxy client link) and `npm run lighthouse` (bench/lighthouse.ts). Each run rewrites only its own',
    'sections; each section carries the date it was measured. The load generator runs on the same',
    'machine as the servers, so read request rates as ratios, not capacities.',
    '',
    `Machine (as of the last run, ${isoNow()}):`,
    '',
    ...machine(),
    '',
  ];
}

/** The body of each section found in the file (without its markers). */
function parse(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  const pattern = /<!-- bench:([\w-]+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g;
  for (const match of text.matchAll(pattern)) {
    sections.set(match[1] as string, (match[2] as string).trimEnd());
  }
  // A file from before the sections: keep its measurements as the static section.
  const results = text.indexOf('## Results');
  if (sections.size === 0 && results >= 0) {
    const date = /^Date: .*$/m.exec(text)?.[0];
    sections.set('static', [...(date ? [date, ''] : []), text.slice(results).trimEnd()].join('\n'));
  }
  return sections;
}

/** Replaces the given sections, keeps the others as they are, and rewrites the header. */
export async function writeSections(
  report: Partial<Record<SectionName, readonly string[]>>,
): Promise<void> {
  const old = existsSync(REPORT) ? parse(await readFile(REPORT, 'utf8')) : new Map();
  const lines = header();
  for (const name of SECTIONS) {
    const body = report[name]?.join('\n').trimEnd() ?? old.get(name);
    if (body === undefined) continue;
    lines.push(start(name), body, end(name), '');
  }
  await mkdir(dirname(REPORT), { recursive: true });
  await writeFile(REPORT, lines.join('\n'));
}
