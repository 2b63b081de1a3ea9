import { expect, test } from 'vitest';
import { ContactBodySchema } from '@/server/contact/contact.schema.ts';
import { CONTACT_CONTENT_MAX, CONTACT_SUBJECT_MAX, charCount } from '@/lib/shared/limits.ts';
import { checkContact } from './contact.ts';

const valid = { email: 'a@example.com', subject: 'Hi', content: 'Hello', code: 'AB12' };

test('the limits are the server schema’s', () => {
  expect(ContactBodySchema.properties.subject).toMatchObject({ maxLength: CONTACT_SUBJECT_MAX });
  expect(ContactBodySchema.properties.content).toMatchObject({ maxLength: CONTACT_CONTENT_MAX });
});

test('a complete form passes', () => {
  expect(checkContact(valid)).toEqual({});
});

test('missing, blank and malformed fields are named', () => {
  expect(checkContact({ email: ' ', subject: '  ', content: '\n', code: '' })).toEqual({
    email: 'blogReader.contact.required',
    subject: 'blogReader.contact.required',
    content: 'blogReader.contact.required',
    code: 'blogReader.contact.captchaRequired',
  });
  expect(checkContact({ ...valid, email: 'not-an-address' })).toEqual({
    email: 'blogReader.contact.invalidEmail',
  });
});

test('lengths count characters (an emoji is one) up to the limits', () => {
  expect(charCount('😀中a')).toBe(3);
  expect(checkContact({ ...valid, subject: '😀'.repeat(CONTACT_SUBJECT_MAX) })).toEqual({});
  expect(checkContact({ ...valid, subject: 'x'.repeat(CONTACT_SUBJECT_MAX + 1) })).toEqual({
    subject: 'blogReader.contact.subjectTooLong',
  });
  expect(checkContact({ ...valid, content: 'x'.repeat(CONTACT_CONTENT_MAX + 1) })).toEqual({
    content: 'blogReader.contact.tooLong',
  });
});
