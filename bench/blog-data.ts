/**
 * Bench content: published articles of 2–5 KB of Markdown (headings, lists, code, tables, quotes,
 * links, some Chinese, now and then math), across categories and tags, written straight through
 * the blog's repository functions. The same seed gives the same site.
 */
import { Faker, base, en } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import { seedRolesAndPermissions } from '../src/server/auth/index.ts';
import { insertArticles } from '../src/server/blog/article.repo.ts';
import { insertTerm } from '../src/server/blog/taxonomy.repo.ts';
import type { NewArticleRow } from '../src/server/blog/blog.table.ts';
import type { Database } from '../src/server/db/index.ts';
import { connectDb, migrateToLatest } from '../src/server/db/index.ts';

const CATEGORIES = [
  '随笔 Notes',
  '技术 Tech',
  '前端 Frontend',
  '后端 Backend',
  '数据库 Databases',
  '运维 Operations',
  '读书 Reading',
  '旅行 Travel',
];

const TAGS = [
  'TypeScript',
  'JavaScript',
  'Node.js',
  'React',
  'Astro',
  'CSS',
  'HTML',
  'SQLite',
  'PostgreSQL',
  'Redis',
  'Linux',
  'nginx',
  'Docker',
  'Git',
  'Testing',
  'Performance',
  'Security',
  'Accessibility',
  'Rust',
  'Go',
  'Python',
  'Markdown',
  'WebSocket',
  'HTTP',
  'Caching',
  'Search',
  'Design',
  'Fonts',
  'Vite',
  'Tailwind',
  '性能',
  '安全',
  '读书笔记',
  '工具',
  '算法',
  '架构',
  '部署',
  '生活',
  '摄影',
  '随想',
];

const CHINESE = [
  '静态页面在构建时就已经生成，访问时只需要从内存里取出预先压缩好的字节。',
  '每次保存文章之后，站点会在后台重新构建，完成后原子地替换旧的输出目录。',
  '列表接口从缓存的有序 id 列表里切出一页，再按 id 取出这一页的文章，不需要扫描整张表。',
  '我们在同一台机器上用 wrk 压测，所以结果只能看作比例，而不是绝对的容量。',
  '评论和点赞是页面上仅有的交互部分，它们在滚动到可见区域时才加载脚本。',
  '数据库默认使用 SQLite 的 WAL 模式，设置 DATABASE_URL 之后改用 PostgreSQL。',
  '搜索索引由 Pagefind 在构建时生成，中文查询同样可以命中。',
  '写作的时候最重要的是把问题讲清楚，其次才是文字的修饰。',
  '这一节记录了排查问题的过程，以及最后采用的解决办法。',
  '如果页面在构建之前就被访问，服务器会先返回一个外壳页面，由脚本从接口读取内容。',
  '旅行的意义不在于去了多少地方，而在于每一次出发都带着新的问题。',
  '读完这本书之后，我重新整理了自己的笔记，把零散的想法串成了一条线。',
];

const LANGUAGES = ['ts', 'js', 'sql', 'bash', 'css', 'json'] as const;

function codeBlock(f: Faker, lang: (typeof LANGUAGES)[number]): string {
  const name = f.hacker.noun().replace(/\W+/g, '_');
  const lines: string[] = [];
  const n = f.number.int({ min: 6, max: 16 });
  switch (lang) {
    case 'ts':
    case 'js':
      lines.push(`export async function ${name}(input${lang === 'ts' ? ': string[]' : ''}) {`);
      for (let i = 0; i < n; i++) {
        lines.push(
          `  const ${f.hacker.verb().replace(/\W+/g, '')}${i} = input[${i}] ?? '${f.hacker.abbreviation()}';`,
        );
      }
      lines.push('  return input.length;', '}');
      break;
    case 'sql':
      lines.push(`select id, title, publish_time`, `from blog_articles`);
      lines.push(`where status = 'published'`, `order by publish_time desc`, `limit ${n};`);
      break;
    case 'bash':
      for (let i = 0; i < n; i++) lines.push(`${f.system.commonFileName()} --${f.hacker.verb()}`);
      break;
    case 'css':
      lines.push(`.${name} {`);
      for (let i = 0; i < n; i++)
        lines.push(`  --${f.hacker.noun().replace(/\W+/g, '-')}: ${f.number.int(64)}px;`);
      lines.push('}');
      break;
    case 'json':
      lines.push('{');
      for (let i = 0; i < n; i++) {
        lines.push(
          `  "${f.hacker.noun().replace(/\W+/g, '')}${i}": "${f.hacker.adjective()}"${i < n - 1 ? ',' : ''}`,
        );
      }
      lines.push('}');
      break;
  }
  return ['```' + lang, ...lines, '```'].join('\n');
}

function paragraph(f: Faker, sentences: number): string {
  const parts: string[] = [];
  for (let i = 0; i < sentences; i++) {
    let s = f.hacker.phrase();
    const roll = f.number.int(9);
    if (roll === 0) s = s.replace(/(\w+)/, '**$1**');
    if (roll === 1) s += ` See \`${f.hacker.abbreviation().toLowerCase()}\`.`;
    if (roll === 2) s += ` ([${f.hacker.noun()}](https://example.com/${f.lorem.slug(2)}))`;
    parts.push(s);
  }
  return parts.join(' ');
}

/** One article's Markdown, between `min` and `max` characters (about as many bytes, some more). */
export function articleMarkdown(f: Faker, min = 1900, max = 4300): string {
  const target = f.number.int({ min, max });
  const blocks: string[] = [paragraph(f, f.number.int({ min: 3, max: 5 }))];
  let length = blocks[0]?.length ?? 0;
  let math = f.number.int(9) === 0;
  while (length < target) {
    const kind = f.number.int(7);
    let block: string;
    if (kind === 0) {
      block = `## ${f.hacker.ingverb()} the ${f.hacker.adjective()} ${f.hacker.noun()}`;
    } else if (kind === 1) {
      const items = f.number.int({ min: 3, max: 5 });
      block = Array.from({ length: items }, () => `- ${f.hacker.phrase()}`).join('\n');
    } else if (kind === 2) {
      block = codeBlock(f, f.helpers.arrayElement(LANGUAGES));
    } else if (kind === 3) {
      block = [
        '| name | value | note |',
        '| --- | ---: | --- |',
        ...Array.from(
          { length: f.number.int({ min: 3, max: 5 }) },
          () => `| ${f.hacker.noun()} | ${f.number.int(9999)} | ${f.hacker.adjective()} |`,
        ),
      ].join('\n');
    } else if (kind === 4) {
      block = `> ${f.hacker.phrase()}`;
    } else if (kind === 5) {
      block = f.helpers.arrayElements(CHINESE, { min: 2, max: 4 }).join('');
    } else if (math) {
      math = false;
      block = `Inline math such as $e^{i\\pi} + 1 = 0$, and a block:\n\n$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$`;
    } else {
      block = paragraph(f, f.number.int({ min: 2, max: 5 }));
    }
    if (length + block.length > max && length >= min) break;
    blocks.push(block);
    length += block.length + 2;
  }
  return blocks.join('\n\n');
}

/**
 * A UUID v7 like the server's (`uuidV7`), its random bits from the seeded generator, so the same
 * seed gives the same ids on SQLite and PostgreSQL (and so the same snapshot and pages).
 */
function seededUuidV7(f: Faker, ms: number): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(ms, 0, 6);
  for (let i = 6; i < 16; i++) bytes[i] = f.number.int(255);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface SeededBlog {
  /** Ids, newest first (the reader's order; no article is pinned). */
  readonly ids: readonly string[];
  readonly categoryIds: readonly number[];
  readonly tagIds: readonly number[];
  /** Markdown bytes of all articles. */
  readonly bytes: number;
}

interface ArticleRows {
  readonly articles: readonly NewArticleRow[];
  readonly links: readonly { article_id: string; tag_id: number }[];
}

async function insertRows(db: Kysely<Database>, rows: ArticleRows): Promise<void> {
  await insertArticles(db, rows.articles);
  for (let i = 0; i < rows.links.length; i += 1000) {
    await db
      .insertInto('blog_article_tags')
      .values(rows.links.slice(i, i + 1000))
      .execute();
  }
}

/**
 * Writes the categories and tags, and makes `count` published articles, one every 6 hours up to
 * `nowMs`, each with 1–4 of the tags; the newest `initial` of them are written at once, the others
 * are returned. The database must be migrated and hold no blog content yet; the same `count` and
 * `nowMs` give the same content, ids included.
 */
export async function seedBlog(
  db: Kysely<Database>,
  count: number,
  nowMs: number,
  initial = count,
): Promise<SeededBlog & { readonly rest: ArticleRows }> {
  const f = new Faker({ locale: [en, base] });
  f.seed(20261121);
  const now = new Date(nowMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const categoryIds: number[] = [];
    for (const name of CATEGORIES)
      categoryIds.push((await insertTerm(trx, 'blog_categories', name, now)).id);
    const tagIds: number[] = [];
    for (const name of TAGS) tagIds.push((await insertTerm(trx, 'blog_tags', name, now)).id);
    const first: ArticleRows = { articles: [], links: [] };
    const rest: ArticleRows = { articles: [], links: [] };
    let bytes = 0;
    for (let i = 0; i < count; i++) {
      const into = i >= count - initial ? first : rest;
      const at = nowMs - (count - i) * 6 * 3_600_000;
      const time = new Date(at).toISOString();
      const id = seededUuidV7(f, at);
      const content = articleMarkdown(f);
      bytes += Buffer.byteLength(content);
      (into.articles as NewArticleRow[]).push({
        id,
        title:
          `${f.hacker.ingverb()} the ${f.hacker.adjective()} ${f.hacker.noun()} ${i + 1}`.replace(
            /^\w/,
            (c) => c.toUpperCase(),
          ),
        content,
        summary: f.number.int(4) === 0 ? f.hacker.phrase() : null,
        cover: null,
        category_id: f.helpers.arrayElement(categoryIds),
        status: 'published',
        publish_time: time,
        pinned: false,
        create_time: time,
        update_time: time,
      });
      for (const tagId of f.helpers.arrayElements(tagIds, { min: 1, max: 4 })) {
        (into.links as { article_id: string; tag_id: number }[]).push({
          article_id: id,
          tag_id: tagId,
        });
      }
    }
    await insertRows(trx, first);
    const ids = [...rest.articles, ...first.articles].map((r) => r.id).reverse();
    return { ids, categoryIds, tagIds, bytes, rest };
  });
}

export type Location = { readonly databaseUrl: string | null; readonly sqlitePath: string };

/**
 * A new database at `location`: migrated, roles seeded, the bench's categories and tags, and the
 * newest `initial` of `count` bench articles; `insertRest` writes the others (through a connection
 * of its own, so it can run while a server uses the database).
 */
export async function createBenchDb(
  location: Location,
  count: number,
  nowMs: number,
  initial = count,
): Promise<SeededBlog & { insertRest(): Promise<void> }> {
  const db = connectDb(location);
  try {
    await migrateToLatest(db.kysely);
    await seedRolesAndPermissions(db.kysely);
    const { rest, ...seeded } = await seedBlog(db.kysely, count, nowMs, initial);
    return {
      ...seeded,
      async insertRest() {
        const more = connectDb(location);
        try {
          await more.kysely.transaction().execute((trx) => insertRows(trx, rest));
        } finally {
          await more.close();
        }
      },
    };
  } finally {
    await db.close();
  }
}
