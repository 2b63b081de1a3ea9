/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Origin (and optional path) the uploaded images are served from; empty = this site. */
  readonly PUBLIC_IMAGE_HOST?: string;
  /** `'false'` turns the /kill maintenance switch off; anything else (or unset) keeps it on. */
  readonly PUBLIC_KILL_MAINTENANCE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate once the page's guard has allowed the page (src/lib/guarded-directive.ts). */
    'client:guarded'?: boolean;
    /** Hydrate on the first focus, pointer or key press inside the island (src/lib/interaction-directive.ts). */
    'client:interaction'?: boolean | string;
  }
}

declare namespace App {
  interface Locals {
    /** What a content page renders from (src/lib/build/page-input.ts). */
    pageInput?: unknown;
  }
}
