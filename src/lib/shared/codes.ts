/** Result codes of the `{code, message, data}` envelope (design.md §3). The client reads `code`. */
export const Code = {
  OK: 1,
  REFUSED: 0,
  TOKEN_INVALID: -1,
  TOKEN_EXPIRED: -2,
  CAPTCHA_EXPIRED: -4,
  CAPTCHA_WRONG: -5,
  BAD_REQUEST: -400,
  UNAUTHENTICATED: -401,
  FORBIDDEN: -403,
  NOT_FOUND: -404,
  METHOD_NOT_ALLOWED: -405,
  TOO_MANY_REQUESTS: -429,
  INTERNAL: -500,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** The envelope every JSON answer under /api uses. */
export interface ApiResult<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** The shape of every paged list. */
export interface Page<T> {
  records: T[];
  totalRecordNum: number;
  totalPageNum: number;
  pageNum: number;
  pageSize: number;
}

/** Codes that mean the stored token is no good any more: the client clears its session. */
export function isSessionGone(code: number): boolean {
  return code === Code.TOKEN_INVALID || code === Code.TOKEN_EXPIRED;
}

/** The message the client rejects with when the token is invalid or expired (spec §8). */
export const TOKEN_GONE_MESSAGE = '令牌失效/错误';
