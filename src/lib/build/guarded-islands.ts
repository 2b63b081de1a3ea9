/**
 * The Astro integration that adds the `client:guarded` directive (src/lib/guarded-directive.ts):
 * every island of a guarded page uses it, so none hydrates before the guard allows the page
 * (src/lib/build/guarded-islands.test.ts checks the pages).
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
      },
    },
  };
}
