import { Type, type Static } from 'typebox';
import { EMAIL_MAX } from '../../lib/shared/limits.ts';

export const ImageCaptchaSchema = Type.Object(
  {
    sessionId: Type.String({ description: 'Send it back with the code' }),
    imageData: Type.String({ description: 'A PNG data URL' }),
  },
  { $id: 'ImageCaptcha' },
);
export type ImageCaptcha = Static<typeof ImageCaptchaSchema>;

export const EmailSchema = Type.String({ format: 'email', maxLength: EMAIL_MAX });

/** The image captcha fields of a form that asks for one. */
export const CaptchaAnswer = {
  sessionId: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 1, maxLength: 16 }),
};
