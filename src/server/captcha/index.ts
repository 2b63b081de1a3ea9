export { CaptchaService, TEST_EMAIL_CODE, TEST_IMAGE_TEXT } from './captcha.service.ts';
export {
  CaptchaAnswer,
  EmailSchema,
  ImageCaptchaSchema,
  type ImageCaptcha,
} from './captcha.schema.ts';
