/**
 * The browser's configuration. This is the only file that reads `import.meta.env.PUBLIC_*`
 * (style.md point 8); every other module imports `publicConfig`.
 */

export interface PublicConfig {
  /** Prefix of every API call. */
  readonly apiBase: string;
  /** Where uploaded images (avatars) are served from, without a trailing slash; '' = this site. */
  readonly imageHost: string;
  /** Whether the maintenance switch of the /kill section is on (on unless set to 'false'). */
  readonly killMaintenance: boolean;
}

function trimTrailingSlashes(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

export const publicConfig: PublicConfig = Object.freeze({
  apiBase: '/api',
  imageHost: trimTrailingSlashes(import.meta.env.PUBLIC_IMAGE_HOST ?? ''),
  killMaintenance: import.meta.env.PUBLIC_KILL_MAINTENANCE !== 'false',
});
