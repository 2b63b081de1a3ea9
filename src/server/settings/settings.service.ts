import { githubCredentials } from '../auth/index.ts';
import type { AppContext } from '../context.ts';
import type { SiteSettings } from './settings.schema.ts';

/** The public part of the configuration (never a secret, only whether things are set up). */
export function siteSettings(ctx: Pick<AppContext, 'config'>): SiteSettings {
  return { githubSignIn: githubCredentials(ctx.config.github) !== null };
}
