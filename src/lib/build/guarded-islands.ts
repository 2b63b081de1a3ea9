/**
 * The Astro integration that adds the site's own client directives: `client:guarded`
 * (src/lib/guarded-directive.ts) — every island of a guarded page uses it, so none hydrates before
 * the guard allows the page (src/lib/build/guarded-islands.test.ts checks the pages) — and
 * `client:interaction` (src/lib/interaction-directive.ts), for an island of a reading page that
 * needs no code until it is used (the contact form).
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function guardedIslands(): AstroIntegration {
  return {
    name: 'atrium-guarded-islands',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'guarded',
          entrypoint: fileURLToPath(new URL('../guarded-directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../interaction-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
