import { readFailure } from '@/lib/api/failure.ts';
import { ApiError } from '@/lib/http.ts';
import { Code } from '@/lib/shared/codes.ts';
import type { LoadState } from './LoadStateCard.tsx';

/** Why a record did not load, as LoadStateCard shows it: it does not exist, or the call failed. */
export function loadFailure(error: unknown): Exclude<LoadState, { kind: 'loading' }> {
  return error instanceof ApiError && error.code === Code.NOT_FOUND
    ? { kind: 'missing' }
    : { kind: 'error', notice: readFailure(error).notice };
}
