/** Categories and tags: lists with visible-article counts, and the manager's writes. */
import { AppError } from '../common/app-error.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { BlogService } from './article.service.ts';
import type { TermRow } from './blog.table.ts';
import type { Term, TermBody } from './taxonomy.schema.ts';
import {
  countArticlesInCategory,
  countVisibleByCategory,
  countVisibleByTag,
  deleteTerm,
  findTermById,
  findTerms,
  insertTerm,
  moveArticlesToCategory,
  renameTerm,
  type TermTable,
} from './taxonomy.repo.ts';

export type TermKind = 'category' | 'tag';

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

export class TaxonomyService {
  readonly #blog: BlogService;
  readonly #kind: TermKind;
  readonly #table: TermTable;

  constructor(blog: BlogService, kind: TermKind) {
    this.#blog = blog;
    this.#kind = kind;
    this.#table = TABLES[kind];
  }

  get #db() {
    return this.#blog.db;
  }

  #notFound(): AppError {
    const w = WORDS[this.#kind];
    return AppError.notFound(`${w.zh}不存在 / No such ${w.en}`);
  }

  #taken(error: unknown): never {
    if (isUniqueViolation(error)) {
      const w = WORDS[this.#kind];
      throw AppError.refused(`${w.zh}名称已存在 / This ${w.en} name is taken`);
    }
    throw error;
  }

  #counts() {
    const now = this.#blog.nowIso();
    return this.#kind === 'category'
      ? countVisibleByCategory(this.#db, now)
      : countVisibleByTag(this.#db, now);
  }

  /** Every term with its count of visible articles, most used first. */
  async list(): Promise<Term[]> {
    const [rows, counts] = await Promise.all([findTerms(this.#db, this.#table), this.#counts()]);
    return rows
      .map((row) => toTerm(row, counts.get(row.id) ?? 0))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  }

  async get(id: number): Promise<Term> {
    const row = await findTermById(this.#db, this.#table, id);
    if (!row) throw this.#notFound();
    return toTerm(row, (await this.#counts()).get(id) ?? 0);
  }

  async create(body: TermBody): Promise<Term> {
    const row = await insertTerm(
      this.#db,
      this.#table,
      body.name.trim(),
      this.#blog.nowIso(),
    ).catch((error: unknown) => this.#taken(error));
    await this.#blog.changed({ kind: this.#kind, id: row.id, action: 'create' });
    return toTerm(row, 0);
  }

  async rename(id: number, body: TermBody): Promise<Term> {
    if (body.id !== undefined && body.id !== id) {
      throw AppError.badRequest('body.id: 须与路径中的 id 一致 / must equal the path id');
    }
    if (!(await findTermById(this.#db, this.#table, id))) throw this.#notFound();
    await renameTerm(this.#db, this.#table, id, body.name.trim(), this.#blog.nowIso()).catch(
      (error: unknown) => this.#taken(error),
    );
    await this.#blog.changed({ kind: this.#kind, id, action: 'update' });
    return this.get(id);
  }

  /**
   * Deletes a term. A tag is unlinked from its articles; a category that still has articles is
   * refused unless `moveTo` names another category to move them to (in the same transaction).
   */
  async remove(id: number, moveTo: number | undefined): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      if (!(await findTermById(trx, this.#table, id))) throw this.#notFound();
      if (this.#kind === 'category') {
        if (moveTo !== undefined) {
          if (moveTo === id) {
            throw AppError.badRequest('query.moveTo: 不能移到自身 / must be another category');
          }
          if (!(await findTermById(trx, this.#table, moveTo))) {
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
      await deleteTerm(trx, this.#table, id);
    });
    await this.#blog.changed({ kind: this.#kind, id, action: 'delete' });
  }
}
