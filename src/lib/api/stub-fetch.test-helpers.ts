/** Test setup shared by the tests of src/lib/api: `fetch` answered by the test, request by request. */
import { vi } from 'vitest';

/** A request the client sent, as the test reads it. */
export interface Sent {
  method: string;
  url: URL;
  body: string;
}

export type Reply = (sent: Sent) => { code: number; message: string; data: unknown };

/** Replaces `fetch`: each request is passed to `answer`, whose envelope is sent back (409 unless code 1). */
export function stubFetch(answer: Reply): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const one = { method: request.method, url: new URL(request.url), body: await request.text() };
      const envelope = answer(one);
      return new Response(JSON.stringify(envelope), {
        status: envelope.code === 1 ? 200 : 409,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}
