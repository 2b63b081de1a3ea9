/**
 * One error path (style.md point 9): AppError, validation, body parsing, rate limits and unknown
 * errors all leave as the envelope with a truthful HTTP status; a 500 never carries details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, type ApiResult } from '../../lib/shared/codes.ts';
import { isStorageFailure } from '../db/index.ts';
import { AppError } from './app-error.ts';
import { fail } from './envelope.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** "body.username: must NOT have fewer than 3 characters; query.pageNum: must be integer" */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .map((issue) => {
      const missing = issue.params?.['missingProperty'];
      const extra = issue.params?.['additionalProperty'];
      const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
      if (typeof missing === 'string') segments.push(missing);
      if (typeof extra === 'string') segments.push(extra);
      const field = [context, ...segments].filter(Boolean).join('.');
      const what = typeof extra === 'string' ? 'is not allowed' : (issue.message ?? 'is invalid');
      return field ? `${field}: ${what}` : what;
    })
    .join('; ');
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: '请求体不是有效的 JSON / Malformed JSON body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: '请求体为空 / Empty JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: '请求体过大 / Request body too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: '不支持的内容类型 / Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: '内容长度无效 / Invalid content length',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: '内容类型无效 / Invalid content type' },
};

const CANNOT_WRITE =
  '服务器暂时无法保存数据（磁盘已满或只读），请稍后再试 / The server cannot save anything right now (its disk is full or read-only); try again later';

/** What a failure answers: the HTTP status and the envelope. */
function answerFor(error: FastifyError, request: FastifyRequest): [number, ApiResult<unknown>] {
  if (error instanceof AppError) return [error.status, fail(error.code, error.message, error.data)];
  if (error.validation) {
    const message = describeValidation(error.validationContext, error.validation);
    return [400, fail(Code.BAD_REQUEST, message)];
  }
  if (error.statusCode === 429) return [429, fail(Code.TOO_MANY_REQUESTS, error.message)];
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return [known.status, fail(Code.BAD_REQUEST, known.message)];
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return [error.statusCode, fail(Code.BAD_REQUEST, error.message)];
  }
  if (isStorageFailure(error)) {
    request.log.error({ err: error }, 'the database cannot write');
    return [500, fail(Code.INTERNAL, `${CANNOT_WRITE} (request ${request.id})`)];
  }
  request.log.error({ err: error }, 'unexpected error');
  return [500, fail(Code.INTERNAL, `服务器内部错误 / Internal error (request ${request.id})`)];
}

export function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const [status, envelope] = answerFor(error, request);
  // Sent as text, past the route's response schemas: they describe the route's own answers and
  // would drop the `data` a failure carries (why a session ended, when to retry) — an error may
  // come from a hook that runs for every route.
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelope));
}
