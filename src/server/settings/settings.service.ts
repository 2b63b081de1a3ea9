import { githubCredentials } from '../auth/index.ts';
import type { Config } from '../config.ts';
import type { SiteSettings } from './settings.schema.ts';

/** The public part of the configuration (never a secret, only whether things are set up). */
export function siteSettings(config: Config): SiteSettings {
  return { githubSignIn: githubCredentials(config.github) !== null };
}
