export type { ContactBody, ContactMessage, ContactSent } from './contact.schema.ts';
