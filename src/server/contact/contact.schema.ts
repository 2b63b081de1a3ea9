/** Shapes of /api/contact: the visitor's form and the owner's inbox. */
import { PageOf, pageQuery } from '../common/envelope.schema.ts';
import { Type, type Static } from 'typebox';
import { CaptchaAnswer, EmailSchema } from '../captcha/captcha.schema.ts';
import { CONTACT_CONTENT_MAX, CONTACT_SUBJECT_MAX } from '../../lib/shared/limits.ts';

export const ContactBodySchema = Type.Object(
  {
    email: EmailSchema,
    subject: Type.String({ minLength: 1, maxLength: CONTACT_SUBJECT_MAX, pattern: '\\S' }),
    content: Type.String({ minLength: 1, maxLength: CONTACT_CONTENT_MAX, pattern: '\\S' }),
    ...CaptchaAnswer,
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBodySchema>;

export const ContactSentSchema = Type.Object(
  { id: Type.String() },
  { $id: 'ContactSent', additionalProperties: false },
);
export type ContactSent = Static<typeof ContactSentSchema>;

export const ContactMessageSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    subject: Type.String(),
    content: Type.String(),
    ip: Type.String(),
    userId: Type.Union([Type.String(), Type.Null()]),
    createTime: Type.String({ format: 'date-time' }),
    readTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** The mail to the owner: none (no owner address), pending (being retried), sent, failed. */
    mailStatus: Type.Union([
      Type.Literal('none'),
      Type.Literal('pending'),
      Type.Literal('sent'),
      Type.Literal('failed'),
    ]),
  },
  { $id: 'ContactMessage', additionalProperties: false },
);
export type ContactMessage = Static<typeof ContactMessageSchema>;

export const ContactListQuerySchema = Type.Object(
  {
    ...pageQuery(20),
    unread: Type.Optional(Type.Boolean({ description: 'Only messages not yet marked read' })),
  },
  { additionalProperties: false },
);
export type ContactListQuery = Static<typeof ContactListQuerySchema>;

export const ContactIdParamsSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const ContactPageSchema = PageOf(ContactMessageSchema);
