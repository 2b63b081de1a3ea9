/**
 * The site's public origin, one rule for the server (links in mail) and the page build (canonical
 * and og:url, feeds, sitemap, robots.txt): `SITE_URL` when set, else `http://HOST:PORT`. The server
 * passes the origin it resolved to every build it runs as `SITE_URL`, so both always agree.
 */

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4321;

/** The variables the origin comes from (an environment, or part of one). */
export interface OriginEnv {
  readonly SITE_URL?: string | undefined;
  readonly HOST?: string | undefined;
  readonly PORT?: string | undefined;
}

const SCHEMES = ['http:', 'https:'];

function parse(text: string, name: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new Error(`${name} is not a valid URL: use http://… or https://…`);
  }
}

/** The origin (`scheme://host[:port]`, no trailing slash); throws naming the bad variable. */
export function siteOrigin(env: OriginEnv): string {
  const explicit = env.SITE_URL?.trim();
  if (explicit) {
    const url = parse(explicit, 'SITE_URL');
    if (!SCHEMES.includes(url.protocol)) {
      throw new Error('SITE_URL must start with http:// or https://');
    }
    // The pages are built for the root of the site: a path would be dropped from some links only.
    if (
      url.pathname.replace(/\/+$/, '') !== '' ||
      url.search ||
      url.hash ||
      url.username ||
      url.password
    ) {
      throw new Error(
        'SITE_URL must be an origin without a path, query or credentials, e.g. https://example.com',
      );
    }
    return url.origin;
  }
  const host = env.HOST?.trim() || DEFAULT_HOST;
  const port = env.PORT?.trim() || String(DEFAULT_PORT);
  // An IPv6 address needs brackets in a URL (`::1` → `[::1]`).
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let url: URL;
  try {
    url = new URL(`http://${name}:${port}`);
  } catch {
    throw new Error(`HOST and PORT do not make a URL (http://${name}:${port}): set SITE_URL`);
  }
  return url.origin;
}
