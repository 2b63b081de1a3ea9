import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Blog categories, tags, articles and their links;
// the search index (SQLite FTS5 trigram table kept by triggers, or pg_trgm GIN indexes).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function createTermTable(db: Kysely<any>, table: string, postgres: boolean) {
  await db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex(`${table}_name_lower_key`)
    .unique()
    .on(table)
    .expression(sql`lower(name)`)
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await createTermTable(db, 'blog_categories', postgres);
  await createTermTable(db, 'blog_tags', postgres);

  await db.schema
    .createTable('blog_articles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('cover', 'text')
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('blog_categories.id').onDelete('restrict'),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('draft', 'published', 'scheduled')`),
    )
    .addColumn('publish_time', 'text')
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  // The reader's lists: visible articles, pinned first, newest first.
  await db.schema
    .createIndex('blog_articles_list_idx')
    .on('blog_articles')
    .columns(['status', 'pinned desc', 'publish_time desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('blog_articles_category_idx')
    .on('blog_articles')
    .columns(['category_id', 'status', 'pinned desc', 'publish_time desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('blog_article_tags')
    .addColumn('article_id', 'text', (c) =>
      c.notNull().references('blog_articles.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'integer', (c) =>
      c.notNull().references('blog_tags.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('blog_article_tags_pkey', ['article_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('blog_article_tags_tag_idx')
    .on('blog_article_tags')
    .columns(['tag_id', 'article_id'])
    .execute();

  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index blog_articles_title_trgm_idx on blog_articles using gin (title gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index blog_articles_content_trgm_idx on blog_articles using gin (content gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`create virtual table blog_articles_fts using fts5(article_id unindexed, title, content, tokenize = 'trigram')`.execute(
      db,
    );
    await sql`create trigger blog_articles_fts_insert after insert on blog_articles begin
      insert into blog_articles_fts (article_id, title, content) values (new.id, new.title, new.content);
    end`.execute(db);
    await sql`create trigger blog_articles_fts_update after update of title, content on blog_articles begin
      delete from blog_articles_fts where article_id = old.id;
      insert into blog_articles_fts (article_id, title, content) values (new.id, new.title, new.content);
    end`.execute(db);
    await sql`create trigger blog_articles_fts_delete after delete on blog_articles begin
      delete from blog_articles_fts where article_id = old.id;
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`blog_articles_fts_${trigger}`)}`.execute(db);
    }
    await sql`drop table if exists blog_articles_fts`.execute(db);
  }
  for (const table of ['blog_article_tags', 'blog_articles', 'blog_tags', 'blog_categories']) {
    await db.schema.dropTable(table).execute();
  }
}
