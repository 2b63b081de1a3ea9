/**
 * The one HTTP client of the browser (design.md §3, §5; style.md point 17). Every call sends the
 * stored token and has a 10-minute timeout; answers are read from the `{code, message, data}`
 * envelope whatever the HTTP status: code 1 resolves `data`, every code ≤ 0 is logged and
 * rejects with an ApiError, and -1/-2 also clear the session and reload the page, leaving word
 * (with the server's reason) for the notice the reloaded page shows.
 */
import ky, { isTimeoutError } from 'ky';
import { publicConfig } from './config.ts';
import { noteSessionEnded } from './session-notice.ts';
import { Code, TOKEN_GONE_MESSAGE, isSessionGone } from './shared/codes.ts';
import { sessionEndReasonOf } from './shared/session-end.ts';
import { TOKEN_KEY, readItem } from './storage.ts';

/** Spec §9: 10 minutes. */
export const HTTP_TIMEOUT_MS = 10 * 60_000;

export const NETWORK_ERROR_MESSAGE = 'Network error: the server could not be reached';
export const TIMEOUT_MESSAGE = 'The server did not answer in time';
export const BAD_RESPONSE_MESSAGE = 'The server sent an answer that could not be read';

/** A refused call: `code` is the envelope's code (-500 when no envelope arrived at all). */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** True when no envelope was received (network failure, timeout, non-JSON answer). */
  readonly transport: boolean;

  constructor(code: number, message: string, data: unknown = null, transport = false) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.transport = transport;
  }
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestOptions {
  json?: unknown;
  searchParams?: Record<string, string | number | boolean | undefined>;
}

let sessionGoneHandler: (() => void) | null = null;

/**
 * Registers what clears the session when an answer says the token is gone (-1/-2). The session
 * store registers itself here, so this module needs no import of it (no cycle).
 */
export function onSessionGone(handler: () => void): void {
  sessionGoneHandler = handler;
}

/** The ky instance: prefix /api, the token header, 10-minute timeout, no retries, no throwing. */
const api = ky.create({
  prefix: publicConfig.apiBase,
  timeout: HTTP_TIMEOUT_MS,
  retry: 0,
  // The body carries the contract code, so 4xx/5xx answers are read like any other.
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = readItem(TOKEN_KEY);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return (
    typeof code === 'number' &&
    Number.isFinite(code) &&
    (message === undefined || typeof message === 'string')
  );
}

function transportError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = isTimeoutError(error) ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE;
  return new ApiError(Code.INTERNAL, message, null, true);
}

async function readEnvelope(response: Response): Promise<Envelope> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) {
    throw new ApiError(
      Code.INTERNAL,
      `${BAD_RESPONSE_MESSAGE} (HTTP ${response.status})`,
      null,
      true,
    );
  }
  return { code: body.code, message: body.message ?? '', data: body.data ?? null };
}

function reloadPage(): void {
  globalThis.location?.reload();
}

/**
 * Calls `/api/<path>` and returns the envelope's `data` when `code` is 1. Rejects with ApiError
 * otherwise (after logging it); -1/-2 first clear the session and reload the page.
 */
export async function request<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const hadToken = Boolean(readItem(TOKEN_KEY));
  let envelope: Envelope;
  try {
    const response = await api(path, {
      method,
      ...(options.json === undefined ? {} : { json: options.json }),
      ...(options.searchParams ? { searchParams: options.searchParams } : {}),
    });
    envelope = await readEnvelope(response);
  } catch (error) {
    const failure = transportError(error);
    console.error(
      `[api] ${method.toUpperCase()} ${path} failed: ${failure.code} ${failure.message}`,
    );
    throw failure;
  }

  if (envelope.code === Code.OK) return envelope.data as T;

  console.error(
    `[api] ${method.toUpperCase()} ${path} → code ${envelope.code}: ${envelope.message}`,
  );
  if (isSessionGone(envelope.code)) {
    sessionGoneHandler?.();
    // Reload only when this call carried a token: a page that had none has nothing to reset,
    // and reloading it could loop.
    if (hadToken) {
      noteSessionEnded(sessionEndReasonOf(envelope.data));
      reloadPage();
    }
    throw new ApiError(envelope.code, TOKEN_GONE_MESSAGE, envelope.data);
  }
  throw new ApiError(envelope.code, envelope.message, envelope.data);
}
