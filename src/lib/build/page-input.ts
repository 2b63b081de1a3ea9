/**
 * How a content page gets what it shows: the page pipeline renders it with its spec's input in
 * `Astro.locals.pageInput` (src/lib/build/render-worker.ts; in `npm run dev`, src/middleware.ts).
 */
import type { PageInput } from './page-set.ts';

/** The input of the page being rendered, checked to be of the kind the route expects. */
export function pageInput<I extends PageInput, K extends I['kind']>(
  locals: App.Locals,
  ...kinds: K[]
): Extract<I, { kind: K }> {
  const input = locals.pageInput as I | undefined;
  if (input === undefined || !(kinds as string[]).includes(input.kind)) {
    throw new Error(`this page renders from a ${kinds.join(' or ')} input, got ${input?.kind}`);
  }
  return input as Extract<I, { kind: K }>;
}
