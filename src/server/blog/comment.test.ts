import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { Role } from '../../lib/shared/permissions.ts';
import { startTestSmtp, type TestSmtp } from '../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import type { ArticleStatus } from './blog.table.ts';
import type { Comment, CommentThread, Votes } from './comment.schema.ts';

const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});

describe.each(DIALECTS)('blog comments on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await t.close();
    await smtp?.close();
    smtp = undefined;
  });

  let made = 0;
  async function article(status: ArticleStatus = 'published', title = '测试文章') {
    const db = t.testDb.db.kysely;
    const now = new Date().toISOString();
    made += 1;
    const category = await db
      .insertInto('blog_categories')
      .values({ name: `分类${made}`, create_time: now, update_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    await db
      .insertInto('blog_articles')
      .values({
        id,
        title,
        content: '# Hello',
        summary: null,
        cover: null,
        category_id: category.id,
        status,
        publish_time: status === 'draft' ? null : now,
        create_time: now,
        update_time: now,
      })
      .execute();
    return id;
  }

  const post = (token: string | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/blog/comment', headers: bearer(token), payload });
  const list = (articleId: string, token: string | null = null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/blog/comment/article/${articleId}${query}`,
      headers: bearer(token),
    });
  const vote = (kind: 'up' | 'down' | 'none', id: string, token: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/blog/comment/thumbs-${kind}/${id}`,
      headers: bearer(token),
    });
  const remove = (id: string, token: string | null) =>
    t.app.inject({ method: 'DELETE', url: `/api/blog/comment/${id}`, headers: bearer(token) });
  async function comment(token: string, articleId: string, content: string, parentId?: string) {
    const response = await post(token, { articleId, content, ...(parentId ? { parentId } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Comment }).data;
  }
  const threads = async (articleId: string, token: string | null = null) => {
    const response = await list(articleId, token);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { records: CommentThread[]; totalRecordNum: number } }).data;
  };

  test('anonymous readers may read but not post, vote or delete', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const { token } = await t.signUp();
    const c = await comment(token, id, 'first');

    const posted = await post(null, { articleId: id, content: 'hi' });
    expect(posted.statusCode).toBe(401);
    expect(posted.json()).toMatchObject({ code: -401 });
    for (const kind of ['up', 'down', 'none'] as const) {
      expect((await vote(kind, c.id, null)).json()).toMatchObject({ code: -401 });
    }
    expect((await remove(c.id, null)).statusCode).toBe(401);
    const page = await threads(id);
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ myVote: null, canDelete: false, html: '<p>first</p>' });
  });

  test('replies are threaded two levels deep with @nickname for a reply to a reply', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const a = await t.signUp();
    const b = await t.signUp();
    const c = await t.signUp();
    const top1 = await comment(a.token, id, 'top one');
    const reply = await comment(b.token, id, 'reply to one', top1.id);
    const deeper = await comment(c.token, id, 'reply to the reply', reply.id);
    const top2 = await comment(c.token, id, 'top two');

    expect(deeper).toMatchObject({
      parentId: reply.id,
      replyTo: { id: reply.id, nickname: b.user.nickname },
      author: { id: c.user.id, nickname: c.user.nickname },
      canDelete: true,
    });
    const page = await threads(id, a.token);
    expect(page.totalRecordNum).toBe(2);
    expect(page.records.map((r) => r.id)).toEqual([top1.id, top2.id]);
    const [first, second] = page.records;
    expect(first?.replies.map((r) => r.id)).toEqual([reply.id, deeper.id]);
    expect(first?.replies[0]).toMatchObject({ parentId: top1.id, replyTo: null, canDelete: false });
    expect(first?.replies[1]).toMatchObject({
      parentId: reply.id,
      replyTo: { id: reply.id, nickname: b.user.nickname },
    });
    expect(first).toMatchObject({ canDelete: true, author: { id: a.user.id } });
    expect(second?.replies).toEqual([]);

    const paged = await list(id, null, '?pageNum=2&pageSize=1');
    expect(paged.json()).toMatchObject({
      data: { totalRecordNum: 2, totalPageNum: 2, pageNum: 2, pageSize: 1 },
    });
    expect((paged.json() as { data: { records: CommentThread[] } }).data.records[0]?.id).toBe(
      top2.id,
    );
  });

  test('input is validated', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const other = await article();
    const { token } = await t.signUp();
    const top = await comment(token, other, 'elsewhere');
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ articleId: id, content: '' }, 400],
      [{ articleId: id, content: '   ' }, 400],
      [{ articleId: id, content: 'x'.repeat(2001) }, 400],
      [{ articleId: id }, 400],
      [{ articleId: id, content: 'ok', extra: 1 }, 400],
      [{ articleId: randomUUID(), content: 'nowhere' }, 404],
      [{ articleId: id, content: 'wrong parent', parentId: top.id }, 404],
      [{ articleId: id, content: 'no parent', parentId: randomUUID() }, 404],
    ];
    for (const [payload, status] of cases) {
      // A fresh user per case: refused posts count against the per-user limit too.
      const response = await post((await t.signUp()).token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toMatchObject({ code: status === 400 ? -400 : -404 });
    }
    expect((await post(token, { articleId: id, content: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect((await list(id, null, '?pageSize=101')).statusCode).toBe(400);
    expect((await list(randomUUID())).json()).toMatchObject({ code: -404 });
  });

  test('a draft takes no comments and shows none to readers', async () => {
    t = await createTestApp(dialect);
    const draft = await article('draft');
    const { token } = await t.signUp();
    const manager = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    const response = await post(token, { articleId: draft, content: 'sneaky' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: -404 });
    expect((await post(manager.token, { articleId: draft, content: 'x' })).statusCode).toBe(404);
    expect((await list(draft, token)).statusCode).toBe(404);
    expect((await list(draft, manager.token)).statusCode).toBe(200);
  });

  test('XSS payloads are stored and served inert', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const { token } = await t.signUp();
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '<iframe src="https://evil.example"></iframe>',
      '<b onmouseover="alert(1)">hover</b>',
    ];
    for (const content of payloads) await comment(token, id, content);
    await comment((await t.signUp()).token, id, 'see [docs](https://example.com)');
    const page = await threads(id);
    const html = page.records.map((r) => r.html).join('\n');
    expect(html).not.toMatch(/<script|<img|<iframe|onerror|onmouseover|javascript:/i);
    expect(html).toContain(
      '<a href="https://example.com" rel="nofollow ugc noopener" target="_blank">docs</a>',
    );
  });

  test('votes: one per user, switching allowed, counts never drift', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const a = await t.signUp();
    const b = await t.signUp();
    const c = await comment(a.token, id, 'vote on me');
    const as = async (kind: 'up' | 'down' | 'none', token: string) => {
      const response = await vote(kind, c.id, token);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: Votes }).data;
    };
    expect(await as('up', a.token)).toEqual({ thumbsUp: 1, thumbsDown: 0, myVote: 'up' });
    expect(await as('up', a.token)).toEqual({ thumbsUp: 1, thumbsDown: 0, myVote: 'up' });
    expect(await as('up', b.token)).toEqual({ thumbsUp: 2, thumbsDown: 0, myVote: 'up' });
    expect(await as('down', a.token)).toEqual({ thumbsUp: 1, thumbsDown: 1, myVote: 'down' });
    expect((await threads(id, a.token)).records[0]).toMatchObject({
      thumbsUp: 1,
      thumbsDown: 1,
      myVote: 'down',
    });
    expect((await threads(id, b.token)).records[0]).toMatchObject({ myVote: 'up' });
    expect(await as('none', a.token)).toEqual({ thumbsUp: 1, thumbsDown: 0, myVote: null });
    expect(await as('none', a.token)).toEqual({ thumbsUp: 1, thumbsDown: 0, myVote: null });
    expect(await as('none', b.token)).toEqual({ thumbsUp: 0, thumbsDown: 0, myVote: null });
    expect((await threads(id)).records[0]).toMatchObject({ thumbsUp: 0, thumbsDown: 0 });
    expect((await vote('up', randomUUID(), a.token)).json()).toMatchObject({ code: -404 });
  });

  test('the same comment twice within ten minutes is refused', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const other = await article();
    const { token } = await t.signUp();
    await comment(token, id, 'same words');
    const again = await post(token, { articleId: id, content: 'same words' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 0 });
    await comment(token, other, 'same words');
    await comment((await t.signUp()).token, id, 'same words');
  });

  test('posting is rate limited per user', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const { token } = await t.signUp();
    for (let i = 0; i < 5; i += 1) await comment(token, id, `comment ${i}`);
    const sixth = await post(token, { articleId: id, content: 'one too many' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: -429 });
    await comment((await t.signUp()).token, id, 'another user still may');
  });

  test('posting is rate limited per address too, whoever signs in there', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    // inject() comes from one address: four users at 5 each reach its 20 a minute.
    for (let u = 0; u < 4; u += 1) {
      const { token } = await t.signUp();
      for (let i = 0; i < 5; i += 1) await comment(token, id, `user ${u} comment ${i}`);
    }
    const fresh = await post((await t.signUp()).token, { articleId: id, content: 'from here' });
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json()).toMatchObject({ code: -429 });
  });

  test('authors and blog managers delete; others may not; replies go with the comment', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const a = await t.signUp();
    const b = await t.signUp();
    const manager = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    const top = await comment(a.token, id, 'top');
    const reply = await comment(b.token, id, 'reply', top.id);
    await comment(a.token, id, 'deeper', reply.id);
    const mine = await comment(b.token, id, 'mine');

    const refused = await remove(top.id, b.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: -403 });
    expect((await threads(id, manager.token)).records[0]).toMatchObject({ canDelete: true });

    expect((await remove(mine.id, b.token)).statusCode).toBe(200);
    expect((await remove(top.id, manager.token)).statusCode).toBe(200);
    expect((await threads(id)).records).toEqual([]);
    const left = await t.testDb.db.kysely.selectFrom('blog_comments').select('id').execute();
    expect(left).toEqual([]);
    expect((await remove(top.id, manager.token)).json()).toMatchObject({ code: -404 });
  });

  test('deleting an article deletes its comments and their votes', async () => {
    t = await createTestApp(dialect);
    const id = await article();
    const keep = await article();
    const { token } = await t.signUp();
    const c = await comment(token, id, 'doomed');
    await comment(token, id, 'doomed reply', c.id);
    await vote('up', c.id, token);
    await comment(token, keep, 'kept');
    const db = t.testDb.db.kysely;
    await db.deleteFrom('blog_articles').where('id', '=', id).execute();
    const left = await db.selectFrom('blog_comments').select('article_id').execute();
    expect(left).toEqual([{ article_id: keep }]);
    expect(await db.selectFrom('blog_comment_votes').selectAll().execute()).toEqual([]);
  });

  test('a comment mails the owner; a reply mails the parent author in their language', async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, {
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        ADMIN_EMAIL: 'owner@example.test',
        SITE_URL: 'https://atrium.example',
      },
    });
    const id = await article('published', 'Hello World');
    const a = await t.signUp();
    const b = await t.signUp();
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ email: 'a@example.test', locale: 'en' })
      .where('id', '=', a.user.id)
      .execute();
    const top = await comment(a.token, id, 'a question');
    const toOwner = await smtp.waitFor((m) => m.to.includes('owner@example.test'));
    expect(toOwner.subject).toBe('收到评论 - 文章《Hello World》');
    expect(toOwner.text).toContain('a question');
    expect(toOwner.text).toContain(`https://atrium.example/blog/${id}#comment-${top.id}`);

    const reply = await comment(b.token, id, 'an answer', top.id);
    const toAuthor = await smtp.waitFor((m) => m.to.includes('a@example.test'));
    expect(toAuthor.subject).toBe('New reply on "Hello World"');
    expect(toAuthor.text).toContain('> a question');
    expect(toAuthor.text).toContain('an answer');
    expect(toAuthor.text).toContain(`#comment-${reply.id}`);

    await comment(a.token, id, 'thanks', reply.id); // b has no email: only the owner hears of it
    await smtp.waitFor((m) => m.text.includes('thanks'));
    const rows = await t.testDb.db.kysely.selectFrom('mail_queue').select('to_address').execute();
    expect(rows.map((r) => r.to_address).sort()).toEqual([
      'a@example.test',
      'owner@example.test',
      'owner@example.test',
      'owner@example.test',
    ]);
  });
});
