/**
 * Uploads (spec §7 Common): ask the API where to upload, then send the file there. The upload
 * itself goes through XMLHttpRequest, the one browser API that reports upload progress; its
 * answer is read like every other call (the `{code, message, data}` envelope, ApiError on refusal).
 */
import { Code } from '../shared/codes.ts';
import {
  ApiError,
  BAD_RESPONSE_MESSAGE,
  HTTP_TIMEOUT_MS,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  request,
} from '../http.ts';
import { TOKEN_KEY, readItem } from '../storage.ts';
import type { UploadResult, UploadTicket } from './admin-types.ts';

/** What a file is uploaded for: an avatar (anyone signed in) or an article image (article managers). */
export type UploadKind = 'avatar' | 'article';

/**
 * GET /api/common/qiniu/upload — a one-time upload URL for the signed-in user; `article` asks for
 * an article image (refused with -403 without blog:article:manage).
 */
export function getUploadTicket(kind: UploadKind = 'avatar'): Promise<UploadTicket> {
  return request<UploadTicket>(
    'get',
    'common/qiniu/upload',
    kind === 'avatar' ? {} : { searchParams: { kind } },
  );
}

/** What an upload gives back: the stored key and, from servers that say it, where it is served. */
export type UploadedFile = Pick<UploadResult, 'key'> & Partial<Pick<UploadResult, 'url'>>;

/** How far an upload has got: bytes sent of the total (the multipart body). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** The file name sent with the part (the server names the stored file itself). */
  fileName?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The message an upload stopped through its AbortSignal rejects with. */
export const UPLOAD_ABORTED_MESSAGE = 'The upload was cancelled';

function readUploadAnswer(status: number, text: string): UploadedFile {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (typeof envelope.code !== 'number') {
    throw new ApiError(Code.INTERNAL, `${BAD_RESPONSE_MESSAGE} (HTTP ${status})`, null, true);
  }
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  const data = envelope.data ?? null;
  if (envelope.code !== Code.OK) throw new ApiError(envelope.code, message, data);
  const { key, url } = (data ?? {}) as { key?: unknown; url?: unknown };
  if (typeof key !== 'string' || key === '') {
    throw new ApiError(Code.INTERNAL, `${BAD_RESPONSE_MESSAGE} (HTTP ${status})`, null, true);
  }
  return typeof url === 'string' && url !== '' ? { key, url } : { key };
}

/**
 * POST <uploadUrl> with the multipart field `file` → the stored file's key (and URL). Reports progress
 * through `onProgress`; rejects with ApiError (transport for network failures, timeouts and aborts).
 */
export function uploadFile(
  ticket: UploadTicket,
  file: Blob,
  { fileName = 'upload', onProgress, signal }: UploadOptions = {},
): Promise<UploadedFile> {
  return new Promise<UploadedFile>((resolve, reject) => {
    const fail = (message: string) => reject(new ApiError(Code.INTERNAL, message, null, true));
    if (signal?.aborted) {
      fail(UPLOAD_ABORTED_MESSAGE);
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', ticket.uploadUrl);
    xhr.timeout = HTTP_TIMEOUT_MS;
    const token = readItem(TOKEN_KEY);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      done();
      try {
        const result = readUploadAnswer(xhr.status, xhr.responseText);
        onProgress?.({ loaded: file.size, total: file.size });
        resolve(result);
      } catch (error) {
        if (error instanceof ApiError) {
          console.error(`[api] POST ${ticket.uploadUrl} → code ${error.code}: ${error.message}`);
        }
        reject(error);
      }
    });
    xhr.addEventListener('error', () => {
      done();
      fail(NETWORK_ERROR_MESSAGE);
    });
    xhr.addEventListener('timeout', () => {
      done();
      fail(TIMEOUT_MESSAGE);
    });
    xhr.addEventListener('abort', () => {
      done();
      fail(UPLOAD_ABORTED_MESSAGE);
    });
    signal?.addEventListener('abort', onAbort, { once: true });

    const form = new FormData();
    form.append('file', new File([file], fileName, { type: file.type }));
    xhr.send(form);
  });
}
