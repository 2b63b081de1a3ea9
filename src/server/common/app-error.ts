/** The one error type services and hooks throw; the error handler turns it into the envelope. */
import { Code } from '../../lib/shared/codes.ts';

export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(code: number, status: number, message: string, data: unknown = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
  }

  static refused(message: string, status = 409): AppError {
    return new AppError(Code.REFUSED, status, message);
  }

  static badRequest(message: string): AppError {
    return new AppError(Code.BAD_REQUEST, 400, message);
  }

  static unauthenticated(message = '请先登录 / Sign-in required'): AppError {
    return new AppError(Code.UNAUTHENTICATED, 401, message);
  }

  static tokenInvalid(message = '凭证(令牌)无效 / Token invalid'): AppError {
    return new AppError(Code.TOKEN_INVALID, 401, message);
  }

  static tokenExpired(message = '凭证(令牌)过期 / Session expired'): AppError {
    return new AppError(Code.TOKEN_EXPIRED, 401, message);
  }

  static forbidden(message = '没有权限访问该资源 / Permission missing'): AppError {
    return new AppError(Code.FORBIDDEN, 403, message);
  }

  static notFound(message = '资源不存在 / Not found'): AppError {
    return new AppError(Code.NOT_FOUND, 404, message);
  }
}
