/**
 * The limits of what people type, defined once: the server's schemas and services enforce them,
 * the islands use them to say so before sending. Lengths count characters as a person does
 * (`charCount`), as the schemas' maxLength does.
 */

/** The number of characters as a person counts them (code points: 密码 is 2, an emoji is 1). */
export function charCount(text: string): number {
  return [...text].length;
}

// ---- Accounts ----

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NICKNAME_MAX = 32;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/** The characters of a username (letters, digits, _ and -), as a schema pattern. */
export const USERNAME_CHARS = '^[A-Za-z0-9_-]+$';
/** A whole username: those characters, USERNAME_MIN to USERNAME_MAX of them. */
export const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${USERNAME_MIN},${USERNAME_MAX}}$`);
/** A search of the users (part of the username, nickname or email). */
export const USER_SEARCH_MAX = 64;
/** The longest email address (RFC 5321). */
export const EMAIL_MAX = 254;
/** The rough shape of an email address, checked before sending (the server checks it fully). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---- The blog ----

export const COMMENT_MAX = 2000;
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_CONTENT_MAX = 200_000;
export const ARTICLE_SUMMARY_MAX = 500;
/** Tags on one article. */
export const ARTICLE_TAGS_MAX = 20;
/** The name of a category or tag. */
export const TERM_NAME_MAX = 50;
/** A search of the articles (the readers' search and the manage list's). */
export const ARTICLE_SEARCH_MAX = 100;

// ---- Writing to the owner ----

export const CONTACT_SUBJECT_MAX = 120;
export const CONTACT_CONTENT_MAX = 5000;

// ---- The proxy area ----

/** The name of a node, subscription or token. */
export const PROXY_NAME_MAX = 100;
/** Links pasted at once into the node form (one per line). */
export const PROXY_LINKS_MAX = 500;
/** The text pasted into the node form. */
export const PROXY_LINKS_TEXT_MAX = 500_000;
/** A subscription's upstream URL. */
export const PROXY_URL_MAX = 2000;
/** An include or exclude pattern (a regular expression, case-insensitive). */
export const PROXY_PATTERN_MAX = 200;
/** The prefix put before the names of a subscription's nodes. */
export const PROXY_PREFIX_MAX = 32;
/** A token's notes. */
export const PROXY_NOTES_MAX = 1000;
/** A subscription's update interval, in hours. */
export const PROXY_INTERVAL_HOURS_MIN = 1;
export const PROXY_INTERVAL_HOURS_MAX = 168;
export const PROXY_INTERVAL_HOURS_DEFAULT = 6;
/** A token's daily request limit. */
export const PROXY_DAILY_LIMIT_MAX = 100_000;
/** A search of nodes, subscriptions or tokens. */
export const PROXY_SEARCH_MAX = 100;
/** One field of a node's form (a host, a path, a key). */
export const PROXY_FIELD_MAX = 2000;

/** Whether a pattern is a regular expression the server accepts (checked on both sides). */
export function isPattern(text: string): boolean {
  try {
    new RegExp(text, 'iu');
    return true;
  } catch {
    return false;
  }
}
