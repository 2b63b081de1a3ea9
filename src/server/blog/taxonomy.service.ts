/** Categories and tags: lists with visible-article counts, and the manager's writes. */
import { AppError } from '../common/app-error.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { AppContext } from '../context.ts';
import type { TermRow } from './blog.table.ts';
import type { Term, TermBody } from './taxonomy.schema.ts';
import type { TermKind } from '../../lib/shared/term-kinds.ts';
import {
  countArticlesInCategory,
  countVisibleByCategory,
  countVisibleByTag,
  deleteTerm,
  findTermById,
  findTerms,
  insertTerm,
  moveArticlesToCategory,
  renameTerm as renameTermRow,
  type TermTable,
} from './taxonomy.repo.ts';

const TABLES: Record<TermKind, TermTable> = { category: 'blog_categories', tag: 'blog_tags' };
const WORDS: Record<TermKind, { zh: string; en: string }> = {
  category: { zh: '分类', en: 'category' },
  tag: { zh: '标签', en: 'tag' },
};

function toTerm(row: TermRow, count: number): Term {
  return {
    id: row.id,
    name: row.name,
    count,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

type Reading = Pick<AppContext, 'db' | 'now'>;
/** Writes tell the blog (`ctx.blog.changed`): cached lists drop, the pages are rebuilt. */
type Writing = Pick<AppContext, 'db' | 'blog' | 'now'>;

const isoOf = (ctx: Pick<AppContext, 'now'>) => new Date(ctx.now()).toISOString();

function notFound(kind: TermKind): AppError {
  const w = WORDS[kind];
  return AppError.notFound(`${w.zh}不存在 / No such ${w.en}`);
}

function taken(kind: TermKind, error: unknown): never {
  if (isUniqueViolation(error)) {
    const w = WORDS[kind];
    throw AppError.refused(`${w.zh}名称已存在 / This ${w.en} name is taken`);
  }
  throw error;
}

function visibleCounts(ctx: Reading, kind: TermKind) {
  const now = isoOf(ctx);
  return kind === 'category'
    ? countVisibleByCategory(ctx.db.kysely, now)
    : countVisibleByTag(ctx.db.kysely, now);
}

/** Every term with its count of visible articles, most used first. */
export async function listTerms(ctx: Reading, kind: TermKind): Promise<Term[]> {
  const [rows, counts] = await Promise.all([
    findTerms(ctx.db.kysely, TABLES[kind]),
    visibleCounts(ctx, kind),
  ]);
  return rows
    .map((row) => toTerm(row, counts.get(row.id) ?? 0))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export async function getTerm(ctx: Reading, kind: TermKind, id: number): Promise<Term> {
  const row = await findTermById(ctx.db.kysely, TABLES[kind], id);
  if (!row) throw notFound(kind);
  return toTerm(row, (await visibleCounts(ctx, kind)).get(id) ?? 0);
}

export async function createTerm(ctx: Writing, kind: TermKind, body: TermBody): Promise<Term> {
  const row = await insertTerm(ctx.db.kysely, TABLES[kind], body.name.trim(), isoOf(ctx)).catch(
    (error: unknown) => taken(kind, error),
  );
  await ctx.blog.changed({ kind, id: row.id, action: 'create' });
  return toTerm(row, 0);
}

export async function renameTerm(
  ctx: Writing,
  kind: TermKind,
  id: number,
  body: TermBody,
): Promise<Term> {
  if (body.id !== undefined && body.id !== id) {
    throw AppError.badRequest('body.id: 须与路径中的 id 一致 / must equal the path id');
  }
  const db = ctx.db.kysely;
  if (!(await findTermById(db, TABLES[kind], id))) throw notFound(kind);
  await renameTermRow(db, TABLES[kind], id, body.name.trim(), isoOf(ctx)).catch((error: unknown) =>
    taken(kind, error),
  );
  await ctx.blog.changed({ kind, id, action: 'update' });
  return getTerm(ctx, kind, id);
}

/**
 * Deletes a term. A tag is unlinked from its articles; a category that still has articles is
 * refused unless `moveTo` names another category to move them to (in the same transaction).
 */
export async function removeTerm(
  ctx: Writing,
  kind: TermKind,
  id: number,
  moveTo: number | undefined,
): Promise<void> {
  const table = TABLES[kind];
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await findTermById(trx, table, id))) throw notFound(kind);
    if (kind === 'category') {
      if (moveTo !== undefined) {
        if (moveTo === id) {
          throw AppError.badRequest('query.moveTo: 不能移到自身 / must be another category');
        }
        if (!(await findTermById(trx, table, moveTo))) {
          throw AppError.badRequest('query.moveTo: 分类不存在 / no such category');
        }
        await moveArticlesToCategory(trx, id, moveTo);
      } else {
        const count = await countArticlesInCategory(trx, id);
        if (count > 0) {
          throw AppError.refused(
            `该分类下还有 ${count} 篇文章，请先移走或删除 / The category still has ${count} article(s): move or delete them first`,
          );
        }
      }
    }
    await deleteTerm(trx, table, id);
  });
  await ctx.blog.changed({ kind, id, action: 'delete' });
}
