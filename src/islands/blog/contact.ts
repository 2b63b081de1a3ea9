/** The contact form's checks before sending (the server checks again and has the last word). */
import type { MessageKey } from '@/lib/i18n/index.ts';
import {
  CONTACT_CONTENT_MAX,
  CONTACT_SUBJECT_MAX,
  EMAIL_MAX,
  EMAIL_SHAPE,
  charCount,
} from '@/lib/shared/limits.ts';

export interface ContactFields {
  email: string;
  subject: string;
  content: string;
  code: string;
}

/** What is wrong with each field, as message keys; empty when the form may be sent. */
export function checkContact(
  fields: ContactFields,
): Partial<Record<keyof ContactFields, MessageKey>> {
  const errors: Partial<Record<keyof ContactFields, MessageKey>> = {};
  const email = fields.email.trim();
  if (email === '') errors.email = 'blogReader.contact.required';
  else if (!EMAIL_SHAPE.test(email) || email.length > EMAIL_MAX) {
    errors.email = 'blogReader.contact.invalidEmail';
  }
  const subject = fields.subject.trim();
  if (subject === '') errors.subject = 'blogReader.contact.required';
  else if (charCount(subject) > CONTACT_SUBJECT_MAX)
    errors.subject = 'blogReader.contact.subjectTooLong';
  const content = fields.content.trim();
  if (content === '') errors.content = 'blogReader.contact.required';
  else if (charCount(content) > CONTACT_CONTENT_MAX) errors.content = 'blogReader.contact.tooLong';
  if (fields.code.trim() === '') errors.code = 'blogReader.contact.captchaRequired';
  return errors;
}
