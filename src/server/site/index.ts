/**
 * The built site: in-memory serving (site.plugin.ts, registered by app.ts) and building
 * (buildSite, isBuildStale).
 */
export { sendStaticFile, type SitePluginOptions } from './site.plugin.ts';
export {
  StaticSite,
  loadSiteTable,
  type SiteTable,
  type StaticFile,
  type Variant,
} from './static-files.ts';
export { resolve } from './resolve.ts';
export { buildSite, isBuildStale, type BuildOptions, type BuildResult } from './build.ts';
export { rewriteRules, type RewriteRules } from './rewrites.ts';
