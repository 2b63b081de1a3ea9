/**
 * Calls of /api/contact: a visitor writing to the owner (anyone, with the image captcha) and the
 * owner's inbox (ROLE_super_admin). One typed function per endpoint, resolving `data`.
 */
import type {
  ContactListQuery,
  ContactMessage,
  ContactSent,
} from '@/server/contact/contact.schema.ts';
import { request } from '../http.ts';
import type { Page } from '../shared/codes.ts';

export type { ContactMessage, ContactSent };

/** What a visitor sends to the owner. */
export interface NewContactMessage {
  email: string;
  subject: string;
  content: string;
  /** The image captcha's session and the typed code. */
  sessionId: string;
  code: string;
}

/** POST /api/contact/email — stores the message for the owner (then mails it); its id. */
export function sendContact(message: NewContactMessage): Promise<ContactSent> {
  return request<ContactSent>('post', 'contact/email', { json: message });
}

export type ContactQuery = Pick<ContactListQuery, 'pageNum' | 'pageSize'> &
  Partial<Pick<ContactListQuery, 'unread'>>;

/** GET /api/contact/messages — a page of the messages received, newest first. */
export function listContactMessages(query: ContactQuery): Promise<Page<ContactMessage>> {
  return request<Page<ContactMessage>>('get', 'contact/messages', {
    searchParams: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      unread: query.unread ? true : undefined,
    },
  });
}

/** POST /api/contact/messages/{id}/read — marks a message read. */
export function markContactRead(id: string): Promise<ContactMessage> {
  return request<ContactMessage>('post', `contact/messages/${encodeURIComponent(id)}/read`);
}
