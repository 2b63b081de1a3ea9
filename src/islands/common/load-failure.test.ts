import { expect, test } from 'vitest';
import { ApiError } from '@/lib/http.ts';
import { Code } from '@/lib/shared/codes.ts';
import { loadFailure } from './load-failure.ts';

test('a record the server does not have is missing; any other failure is shown with a retry', () => {
  expect(loadFailure(new ApiError(Code.NOT_FOUND, 'gone'))).toEqual({ kind: 'missing' });
  expect(loadFailure(new ApiError(Code.FORBIDDEN, 'no'))).toMatchObject({ kind: 'error' });
  expect(loadFailure(new TypeError('fetch failed'))).toEqual({
    kind: 'error',
    notice: { key: 'failure.unknown' },
  });
});
