export { SiteSettingsSchema, type SiteSettings } from './settings.schema.ts';
