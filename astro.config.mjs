// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { guardedIslands } from './src/lib/build/guarded-islands.ts';
import { findRoute, isDynamic, shellPath } from './src/lib/shared/routes.ts';
import { siteOrigin } from './src/lib/shared/site-origin.ts';

// The server passes the origin it resolved as SITE_URL to every build; `astro dev` and a bare
// `astro build` get the same rule from HOST and PORT.
const site = siteOrigin(process.env);
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 4322}`;

/** The origin of the image host (avatars), when it is not this site. */
function imageOrigin() {
  const host = process.env.PUBLIC_IMAGE_HOST?.trim();
  if (!host) return [];
  try {
    return [new URL(host).origin];
  } catch {
    throw new Error(`PUBLIC_IMAGE_HOST is not an absolute URL: ${host}`);
  }
}

/**
 * In `npm run dev`, serve a dynamic-id path (`/admin/user/edit/42`) from its shell page, as the
 * Node server and the CDN rewrite rules do in production.
 */
function dynamicShells() {
  return {
    name: 'atrium-dynamic-shells',
    /** @param {import('vite').ViteDevServer} server */
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path = '', query] = (req.url ?? '').split('?');
        const route = findRoute(path);
        if (route && isDynamic(route)) req.url = `${shellPath(route)}/${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

/**
 * No module preload helper in the browser's code: it would ride on every page (≈ 0.8 KB of a
 * reader's 4 KiB) for the few dynamic imports made once a token is found; the browser fetches
 * their imports as it reads them. (Astro sets its own `modulePreload`, so this goes per environment.)
 */
function noPreloadHelper() {
  return {
    name: 'atrium-no-preload-helper',
    /** @param {string} name */
    configEnvironment(name) {
      return name === 'client' ? { build: { modulePreload: false } } : undefined;
    },
  };
}

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', concurrency: 4 },
  // Pages that need no data are prerendered here; the content pages (the blog's lists, articles,
  // feeds, the sitemap) are rendered from their data by the page pipeline through the server bundle
  // this adapter writes (src/lib/build/render-worker.ts; docs/architecture.md, "The page pipeline").
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), guardedIslands()],
  devToolbar: { enabled: false },
  // Shiki colours code with inline style attributes, which the CSP refuses; Prism emits classes.
  markdown: { syntaxHighlight: 'prism' },
  security: {
    // Astro writes a <meta http-equiv="content-security-policy"> into every page with the hashes of
    // its own scripts and styles (island runtime, hydration directives, bundled modules). The
    // theme/language script in <head> adds its hash through Astro.csp (src/components/HeadPrefs.astro).
    // Island components are loaded with import() from /_astro/, which 'self' allows.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        `img-src ${["'self'", 'data:', 'blob:', ...imageOrigin()].join(' ')}`,
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    plugins: [tailwindcss(), dynamicShells(), noPreloadHelper()],
    server: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false, ws: true },
        '/uploads': { target: apiTarget, changeOrigin: false },
      },
    },
  },
});
