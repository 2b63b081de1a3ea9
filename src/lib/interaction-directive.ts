/**
 * `client:interaction` (registered by src/lib/build/guarded-islands.ts): the island's code loads
 * and hydrates on the first focus, pointer press or key press inside its prebuilt HTML, so a
 * reader who never uses it (a form on a reading page) loads none of it. What is typed meanwhile
 * stays and goes into the island's state (src/islands/common/use-typed-before-hydration.ts). A form
 * submitted before the island is ready is not sent natively (that would reload the page and lose
 * what was typed): the submit is held and made again, through the island, once it is ready.
 *
 * With a value, `client:interaction="q"`, the island hydrates at once when the page's URL carries
 * that query parameter: the search page, opened with `?q=`, has results to show.
 */
import type { ClientDirective } from 'astro';
import { ISLAND_READY_EVENT } from './interaction-ready.ts';

const START_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;
/** How long a held submit waits for an island that never says it is ready. */
const READY_TIMEOUT_MS = 3000;

const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  let heldSubmit = false;
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmit = true;
    void start();
  };
  const whenReady = new Promise<void>((resolve) => {
    el.addEventListener(ISLAND_READY_EVENT, () => resolve(), { once: true });
  });

  async function start() {
    if (started) return;
    started = true;
    for (const type of START_EVENTS) el.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
    await Promise.race([whenReady, new Promise((r) => setTimeout(r, READY_TIMEOUT_MS))]);
    el.removeEventListener('submit', hold, true);
    if (heldSubmit) el.querySelector('form')?.requestSubmit();
  }

  el.addEventListener('submit', hold, true);
  for (const type of START_EVENTS) el.addEventListener(type, start, true);
  const param: unknown = options.value;
  if (typeof param === 'string' && param && new URLSearchParams(location.search).has(param)) {
    void start();
  }
};

export default interaction;
