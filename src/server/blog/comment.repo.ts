/** Queries of blog comments and votes; plain functions taking the executor first. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { NewCommentRow } from './comment.table.ts';

/**
 * The article as far as comments need it, when it exists. `visible` says whether readers see it:
 * published, or scheduled and its time has come.
 */
export async function findCommentedArticle(db: Kysely<Database>, id: string, nowIso: string) {
  const row = await db
    .selectFrom('blog_articles')
    .select(['id', 'title', 'status', 'publish_time'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const visible =
    row.status === 'published' ||
    (row.status === 'scheduled' && row.publish_time !== null && row.publish_time <= nowIso);
  return { id: row.id, title: row.title, visible };
}

function selectComments(db: Kysely<Database>) {
  return db
    .selectFrom('blog_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.article_id',
      'c.parent_id',
      'c.root_id',
      'c.user_id',
      'c.content',
      'c.html',
      'c.create_time',
      'u.nickname',
      'u.avatar',
      'u.email',
      'u.locale',
    ]);
}

export type CommentWithAuthor = Awaited<
  ReturnType<ReturnType<typeof selectComments>['executeTakeFirstOrThrow']>
>;

export async function findComment(db: Kysely<Database>, id: string) {
  return selectComments(db).where('c.id', '=', id).executeTakeFirst();
}

export async function insertComment(db: Kysely<Database>, row: NewCommentRow) {
  await db.insertInto('blog_comments').values(row).execute();
}

/** Deletes a comment; its replies (at any depth) and votes go with it by cascade. */
export async function deleteComment(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('blog_comments').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether the user posted this very content on the article since the given time. */
export async function hasRecentDuplicate(
  db: Kysely<Database>,
  input: { userId: string; articleId: string; content: string; sinceIso: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('blog_comments')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('article_id', '=', input.articleId)
    .where('create_time', '>=', input.sinceIso)
    .where('content', '=', input.content)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of an article's top-level comments, oldest first, and how many there are. */
export async function listTopLevelComments(
  db: Kysely<Database>,
  articleId: string,
  options: { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    selectComments(db)
      .where('c.article_id', '=', articleId)
      .where('c.root_id', 'is', null)
      .orderBy('c.create_time')
      .orderBy('c.id')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    db
      .selectFrom('blog_comments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('article_id', '=', articleId)
      .where('root_id', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every reply under the given top-level comments, oldest first. */
export async function listReplies(db: Kysely<Database>, rootIds: readonly string[]) {
  if (rootIds.length === 0) return [];
  return selectComments(db)
    .where('c.root_id', 'in', rootIds)
    .orderBy('c.create_time')
    .orderBy('c.id')
    .execute();
}

/** Thumbs-up and thumbs-down counts per comment, counted from the votes themselves. */
export async function countVotes(
  db: Kysely<Database>,
  commentIds: readonly string[],
): Promise<Map<string, { up: number; down: number }>> {
  const counts = new Map<string, { up: number; down: number }>();
  if (commentIds.length === 0) return counts;
  const rows = await db
    .selectFrom('blog_comment_votes')
    .select([
      'comment_id',
      sql<string>`sum(case when value = 1 then 1 else 0 end)`.as('up'),
      sql<string>`sum(case when value = -1 then 1 else 0 end)`.as('down'),
    ])
    .where('comment_id', 'in', commentIds)
    .groupBy('comment_id')
    .execute();
  for (const row of rows) {
    counts.set(row.comment_id, { up: Number(row.up), down: Number(row.down) });
  }
  return counts;
}

/** The user's vote (1 or -1) per comment they voted on. */
export async function findVotesOf(
  db: Kysely<Database>,
  userId: string,
  commentIds: readonly string[],
): Promise<Map<string, number>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('blog_comment_votes')
    .select(['comment_id', 'value'])
    .where('user_id', '=', userId)
    .where('comment_id', 'in', commentIds)
    .execute();
  return new Map(rows.map((r) => [r.comment_id, Number(r.value)]));
}

/** Sets (1 / -1) or removes (null) a user's vote on a comment. */
export async function setVote(
  db: Kysely<Database>,
  input: { commentId: string; userId: string; value: 1 | -1 | null; nowIso: string },
): Promise<void> {
  const { value } = input;
  if (value === null) {
    await db
      .deleteFrom('blog_comment_votes')
      .where('comment_id', '=', input.commentId)
      .where('user_id', '=', input.userId)
      .execute();
    return;
  }
  await db
    .insertInto('blog_comment_votes')
    .values({
      comment_id: input.commentId,
      user_id: input.userId,
      value,
      create_time: input.nowIso,
    })
    .onConflict((oc) =>
      oc.columns(['comment_id', 'user_id']).doUpdateSet({ value, create_time: input.nowIso }),
    )
    .execute();
}
