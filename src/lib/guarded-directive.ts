/**
 * `client:guarded` (registered by src/lib/build/guarded-islands.ts): an island of a guarded page
 * hydrates only once the page's guard has allowed the page, so nothing in it runs — no API call —
 * for a visitor the guard sends to the login page or /403. Its code is fetched at once, as
 * `client:load` would, so an allowed page is not slowed down.
 */
import type { ClientDirective } from 'astro';
import { whenPageAllowed } from './guard-state.ts';

const guarded: ClientDirective = (load) => {
  const hydrate = load();
  void whenPageAllowed().then(async () => (await hydrate)());
};

export default guarded;
