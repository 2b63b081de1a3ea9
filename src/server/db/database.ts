/** The database interface: every table of every domain, combined (style.md point 11). */
import type { RecoveryTokenTable } from '../auth/recovery.table.ts';
import type {
  BlogArticleTable,
  BlogArticleTagTable,
  BlogCategoryTable,
  BlogTagTable,
} from '../blog/blog.table.ts';
import type { SessionTable } from '../auth/session.table.ts';
import type { CommentTable, CommentVoteTable } from '../blog/comment.table.ts';
import type { ContactMessageTable } from '../contact/contact.table.ts';
import type { MailQueueTable } from '../mail/mail-queue.table.ts';
import type {
  ProxyNodeTable,
  ProxySubscriptionTable,
  ProxyTokenTable,
  ProxyTokenUseTable,
} from '../proxy/proxy.table.ts';
import type { SiteStateTable } from './site-state.ts';
import type {
  PermissionTable,
  RolePermissionTable,
  RoleTable,
  UserRoleTable,
  UserTable,
} from '../user/user.table.ts';

export interface Database {
  users: UserTable;
  roles: RoleTable;
  permissions: PermissionTable;
  role_permissions: RolePermissionTable;
  user_roles: UserRoleTable;
  sessions: SessionTable;
  recovery_tokens: RecoveryTokenTable;
  blog_categories: BlogCategoryTable;
  blog_tags: BlogTagTable;
  blog_articles: BlogArticleTable;
  blog_article_tags: BlogArticleTagTable;
  blog_comments: CommentTable;
  blog_comment_votes: CommentVoteTable;
  contact_messages: ContactMessageTable;
  mail_queue: MailQueueTable;
  site_state: SiteStateTable;
  proxy_subscriptions: ProxySubscriptionTable;
  proxy_nodes: ProxyNodeTable;
  proxy_tokens: ProxyTokenTable;
  proxy_token_uses: ProxyTokenUseTable;
}

export type DbDialect = 'sqlite' | 'postgres';
