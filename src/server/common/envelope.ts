/** Builders of the `{code, message, data}` envelope and the page shape (design.md §3). */
import { Code, type ApiResult, type Page } from '../../lib/shared/codes.ts';

export function ok<T>(data: T, message = '操作成功'): ApiResult<T> {
  return { code: Code.OK, message, data };
}

export function fail(code: number, message: string, data: unknown = null): ApiResult<unknown> {
  return { code, message, data };
}

export function page<T>(records: T[], total: number, pageNum: number, pageSize: number): Page<T> {
  return {
    records,
    totalRecordNum: total,
    totalPageNum: Math.ceil(total / pageSize),
    pageNum,
    pageSize,
  };
}
