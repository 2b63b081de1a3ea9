/** The built site, served from memory (site.plugin.ts, registered by app.ts). */
export { sendFromSite, type SitePluginOptions } from './site.plugin.ts';
export {
  StaticSite,
  loadSiteTable,
  type SiteTable,
  type StaticFile,
  type Variant,
} from './static-files.ts';
export { resolve } from './resolve.ts';
export { rewriteRules, type RewriteRules } from './rewrites.ts';
