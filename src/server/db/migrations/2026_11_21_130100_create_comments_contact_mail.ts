import { sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Blog comments and their votes, contact messages,
// and the outgoing mail queue (a message is stored in the same transaction as what caused it and
// sent afterwards, so a mail outage loses nothing).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Null once sent or given up; while a worker holds the row, the end of its lease.
    .addColumn('next_attempt_time', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_time', 'text')
    .addColumn('given_up_time', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_queue_next_attempt_idx')
    .on('mail_queue')
    .column('next_attempt_time')
    .execute();

  await db.schema
    .createTable('blog_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('article_id', 'text', (c) =>
      c.notNull().references('blog_articles.id').onDelete('cascade'),
    )
    .addColumn('parent_id', 'text', (c) => c.references('blog_comments.id').onDelete('cascade'))
    // The top-level comment a reply is shown under (null for top-level comments).
    .addColumn('root_id', 'text', (c) => c.references('blog_comments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blog_comments_article_idx')
    .on('blog_comments')
    .columns(['article_id', 'root_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('blog_comments_root_idx')
    .on('blog_comments')
    .columns(['root_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('blog_comments_parent_idx')
    .on('blog_comments')
    .column('parent_id')
    .execute();
  await db.schema
    .createIndex('blog_comments_user_idx')
    .on('blog_comments')
    .columns(['user_id', 'article_id', 'create_time'])
    .execute();

  await db.schema
    .createTable('blog_comment_votes')
    .addColumn('comment_id', 'text', (c) =>
      c.notNull().references('blog_comments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value in (-1, 1)`))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_comment_votes_pkey', ['comment_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('blog_comment_votes_user_idx')
    .on('blog_comment_votes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('mail_id', 'text', (c) => c.references('mail_queue.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('read_time', 'text')
    .execute();
  await db.schema
    .createIndex('contact_messages_create_time_idx')
    .on('contact_messages')
    .columns(['create_time', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['contact_messages', 'blog_comment_votes', 'blog_comments', 'mail_queue']) {
    await db.schema.dropTable(table).execute();
  }
}
