export { settingsRoutes } from './settings.routes.ts';
export { SiteSettingsSchema, type SiteSettings } from './settings.schema.ts';
