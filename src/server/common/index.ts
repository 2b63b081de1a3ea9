export { AppError } from './app-error.ts';
export { ok, fail, page } from './envelope.ts';
export { Envelope, ErrorEnvelope, PageOf } from './envelope.schema.ts';
export { errorHandler, describeValidation } from './error-handler.ts';
export { clientErrorHandler, frameworkErrors, refuseWhileClosing } from './framework-errors.ts';
export { PERMISSIONS_POLICY, permissionsPolicy } from './permissions-policy.ts';
export { guardInput } from './input-guard.ts';
export { trackRoutes, notFoundHandler } from './not-found.ts';
export { alsoLimited, rateLimited, tooManyRequests, addressKey, type Limit } from './rate-limit.ts';
