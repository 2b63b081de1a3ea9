/** The static list of migrations, in order; a test checks it against the files in this folder. */
import type { Migration } from 'kysely/migration';
import * as createAccounts from './2026_11_21_100000_create_accounts.ts';
import * as createRecoveryTokens from './2026_11_21_120000_create_recovery_tokens.ts';
import * as createBlog from './2026_11_21_130000_create_blog.ts';
import * as createCommentsContactMail from './2026_11_21_130100_create_comments_contact_mail.ts';
import * as createSiteState from './2026_11_21_140000_create_site_state.ts';
import * as addSessionsRevokeReason from './2026_11_24_120000_add_sessions_revoke_reason.ts';
import * as createProxy from './2026_11_24_200000_create_proxy.ts';

export const migrations: Record<string, Migration> = {
  '2026_11_21_100000_create_accounts': createAccounts,
  '2026_11_21_120000_create_recovery_tokens': createRecoveryTokens,
  '2026_11_21_130000_create_blog': createBlog,
  '2026_11_21_130100_create_comments_contact_mail': createCommentsContactMail,
  '2026_11_21_140000_create_site_state': createSiteState,
  '2026_11_24_120000_add_sessions_revoke_reason': addSessionsRevokeReason,
  '2026_11_24_200000_create_proxy': createProxy,
};
