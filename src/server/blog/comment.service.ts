/**
 * Comment rules: who may read, post, delete and vote; duplicate detection; the notification
 * mails, queued in the same transaction as the comment (stored first, mailed after).
 */
import { randomUUID } from 'node:crypto';
import { Permission, hasAnyPermission } from '../../lib/shared/permissions.ts';
import { paths } from '../../lib/shared/paths.ts';
import type { Page } from '../../lib/shared/codes.ts';
import { AppError } from '../common/app-error.ts';
import { page } from '../common/envelope.ts';
import type { AppContext } from '../context.ts';
import { commentMail, enqueueMail, localeOf, replyMail } from '../mail/index.ts';
import { findUserByEmail } from '../user/user.repo.ts';
import type { User } from '../user/user.schema.ts';
import { renderCommentMarkdown } from './comment.markdown.ts';
import {
  countVotes,
  deleteComment,
  findComment,
  findCommentedArticle,
  findVotesOf,
  hasRecentDuplicate,
  insertComment,
  listReplies,
  listTopLevelComments,
  setVote,
  type CommentWithAuthor,
} from './comment.repo.ts';
import type {
  Comment,
  CommentListQuery,
  CommentThread,
  NewCommentBody,
  Vote,
  Votes,
} from './comment.schema.ts';

/** The same user posting the same text on the same article within this time is refused. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

const articleMissing = () => AppError.notFound('文章不存在 / No such article');
const commentMissing = () => AppError.notFound('评论不存在 / No such comment');

function isManager(user: User | null): boolean {
  return user !== null && hasAnyPermission(user.permissions, [Permission.BLOG_ARTICLE_MANAGE]);
}

function voteOf(value: number | undefined): Vote {
  if (value === 1) return 'up';
  if (value === -1) return 'down';
  return null;
}

interface Lookups {
  readonly reader: User | null;
  readonly counts: Map<string, { up: number; down: number }>;
  readonly mine: Map<string, number>;
  readonly byId: Map<string, CommentWithAuthor>;
}

export function toCommentDto(row: CommentWithAuthor, lookups: Lookups): Comment {
  const { reader, counts, mine, byId } = lookups;
  const parent =
    row.parent_id !== null && row.parent_id !== row.root_id ? byId.get(row.parent_id) : undefined;
  const count = counts.get(row.id);
  return {
    id: row.id,
    articleId: row.article_id,
    parentId: row.parent_id,
    replyTo: parent ? { id: parent.id, nickname: parent.nickname } : null,
    author: { id: row.user_id, nickname: row.nickname, avatar: row.avatar },
    html: row.html,
    createTime: row.create_time,
    thumbsUp: count?.up ?? 0,
    thumbsDown: count?.down ?? 0,
    myVote: voteOf(mine.get(row.id)),
    canDelete: reader !== null && (reader.id === row.user_id || isManager(reader)),
  };
}

/** A page of an article's top-level comments (oldest first), each with its replies (oldest first). */
export async function listArticleComments(
  ctx: Pick<AppContext, 'db' | 'now'>,
  articleId: string,
  query: CommentListQuery,
  reader: User | null,
): Promise<Page<CommentThread>> {
  const db = ctx.db.kysely;
  const article = await findCommentedArticle(db, articleId, new Date(ctx.now()).toISOString());
  if (!article || (!article.visible && !isManager(reader))) throw articleMissing();
  const { pageNum, pageSize } = query;
  const { rows, total } = await listTopLevelComments(db, articleId, {
    offset: (pageNum - 1) * pageSize,
    limit: pageSize,
  });
  const replies = await listReplies(
    db,
    rows.map((r) => r.id),
  );
  const all = [...rows, ...replies];
  const ids = all.map((r) => r.id);
  const lookups: Lookups = {
    reader,
    counts: await countVotes(db, ids),
    mine: reader ? await findVotesOf(db, reader.id, ids) : new Map(),
    byId: new Map(all.map((r) => [r.id, r])),
  };
  const threads = rows.map((row) => ({
    ...toCommentDto(row, lookups),
    replies: replies.filter((r) => r.root_id === row.id).map((r) => toCommentDto(r, lookups)),
  }));
  return page(threads, total, pageNum, pageSize);
}

/** Posts a comment or a reply; the notification mails are queued in the same transaction. */
export async function postComment(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  author: User,
  body: NewCommentBody,
): Promise<Comment> {
  const db = ctx.db.kysely;
  const { config } = ctx;
  const now = new Date(ctx.now());
  const nowIso = now.toISOString();
  const article = await findCommentedArticle(db, body.articleId, nowIso);
  if (!article?.visible) throw articleMissing();
  const parent = body.parentId === undefined ? undefined : await findComment(db, body.parentId);
  if (body.parentId !== undefined && (!parent || parent.article_id !== article.id)) {
    throw AppError.notFound('回复的评论不存在 / The comment replied to does not exist');
  }
  const sinceIso = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
  const duplicate = await hasRecentDuplicate(db, {
    userId: author.id,
    articleId: article.id,
    content: body.content,
    sinceIso,
  });
  if (duplicate) throw AppError.refused('请勿重复评论 / You already posted this comment');

  const id = randomUUID();
  const html = renderCommentMarkdown(body.content);
  const link = `${config.siteUrl}${paths.blogArticle(article.id)}#comment-${id}`;
  await db.transaction().execute(async (trx) => {
    await insertComment(trx, {
      id,
      article_id: article.id,
      parent_id: parent?.id ?? null,
      root_id: parent ? (parent.root_id ?? parent.id) : null,
      user_id: author.id,
      content: body.content,
      html,
      create_time: nowIso,
    });
    const notified = new Set<string>();
    const same = (a: string | null | undefined, b: string) =>
      !!a && a.toLowerCase() === b.toLowerCase();
    if (parent?.email && parent.user_id !== author.id) {
      notified.add(parent.email.toLowerCase());
      const text = replyMail(localeOf(parent.locale), {
        articleTitle: article.title,
        link,
        nickname: author.nickname,
        parent: parent.content,
        content: body.content,
      });
      await enqueueMail(trx, { to: parent.email, ...text }, now);
    }
    const owner = config.adminEmail;
    if (owner && !same(author.email, owner) && !notified.has(owner.toLowerCase())) {
      const locale = localeOf((await findUserByEmail(trx, owner))?.locale);
      const text = commentMail(locale, {
        articleTitle: article.title,
        link,
        nickname: author.nickname,
        content: body.content,
      });
      await enqueueMail(trx, { to: owner, ...text }, now);
    }
  });
  const row = await findComment(db, id);
  if (!row) throw commentMissing();
  return toCommentDto(row, {
    reader: author,
    counts: new Map(),
    mine: new Map(),
    byId: parent ? new Map([[parent.id, parent]]) : new Map(),
  });
}

/** Deletes a comment and every reply under it: its author or a blog article manager. */
export async function removeComment(
  ctx: Pick<AppContext, 'db'>,
  user: User,
  id: string,
): Promise<void> {
  const comment = await findComment(ctx.db.kysely, id);
  if (!comment) throw commentMissing();
  if (comment.user_id !== user.id && !isManager(user)) throw AppError.forbidden();
  await deleteComment(ctx.db.kysely, id);
}

/** Sets the user's vote on a comment (one per user; switching replaces it; null removes it). */
export async function voteOnComment(
  ctx: Pick<AppContext, 'db' | 'now'>,
  user: User,
  id: string,
  vote: Vote,
): Promise<Votes> {
  const db = ctx.db.kysely;
  const comment = await findComment(db, id);
  if (!comment) throw commentMissing();
  const value = vote === 'up' ? 1 : vote === 'down' ? -1 : null;
  const nowIso = new Date(ctx.now()).toISOString();
  await setVote(db, { commentId: id, userId: user.id, value, nowIso });
  const count = (await countVotes(db, [id])).get(id);
  const mine = await findVotesOf(db, user.id, [id]);
  return {
    thumbsUp: count?.up ?? 0,
    thumbsDown: count?.down ?? 0,
    myVote: voteOf(mine.get(id)),
  };
}
