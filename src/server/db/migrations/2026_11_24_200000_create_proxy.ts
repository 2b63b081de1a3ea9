import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. The proxy area: upstream subscriptions, the nodes
// (typed in or synced from a subscription), the client-link tokens (only a hash of each secret)
// and every use of a token.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('proxy_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('interval_hours', 'integer', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('include_pattern', 'text', (c) => c.notNull())
    .addColumn('exclude_pattern', 'text', (c) => c.notNull())
    // The validators of the last answer, sent back as If-None-Match / If-Modified-Since.
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('last_sync_time', 'text')
    .addColumn('last_sync_ok', 'boolean')
    .addColumn('last_sync_changed', 'boolean')
    .addColumn('last_nodes_found', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_success_time', 'text')
    .addColumn('next_sync_time', 'text')
    // The provider's subscription-userinfo as JSON (bytes can pass 2^53 only in theory).
    .addColumn('userinfo', 'text')
    // While an instance syncs the subscription: the end of its lease (never two syncs at once).
    .addColumn('lease_until', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('proxy_subscriptions_next_sync_idx')
    .on('proxy_subscriptions')
    .column('next_sync_time')
    .execute();

  await db.schema
    .createTable('proxy_nodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) =>
      c.references('proxy_subscriptions.id').onDelete('cascade'),
    )
    // The order within its subscription (the upstream's order), or of creation for others.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('server', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('region', 'text')
    // The rest of the node (form, ports, credentials, transport, TLS, extra) as JSON.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('proxy_nodes_subscription_idx')
    .on('proxy_nodes')
    .columns(['subscription_id', 'position'])
    .execute();
  await db.schema
    .createIndex('proxy_nodes_create_time_idx')
    .on('proxy_nodes')
    .columns(['create_time', 'id'])
    .execute();

  await db.schema
    .createTable('proxy_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // SHA-256 of the secret, hex; the secret itself is never stored.
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expire_time', 'text')
    .addColumn('daily_limit', 'integer')
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('revoked_time', 'text')
    // Answered requests on `uses_day` (YYYY-MM-DD, UTC): what the daily limit counts.
    .addColumn('uses_day', 'text')
    .addColumn('uses_today', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_use_time', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('proxy_token_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_id', 'text', (c) =>
      c.notNull().references('proxy_tokens.id').onDelete('cascade'),
    )
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('client', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('proxy_token_uses_token_idx')
    .on('proxy_token_uses')
    .columns(['token_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['proxy_token_uses', 'proxy_tokens', 'proxy_nodes', 'proxy_subscriptions']) {
    await db.schema.dropTable(table).execute();
  }
}
