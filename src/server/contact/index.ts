export { contactRoutes } from './contact.routes.ts';
export type { ContactBody, ContactMessage, ContactSent } from './contact.schema.ts';
