/**
 * Image captchas (4–5 characters without look-alikes, 5 minutes, used up by the first attempt) and
 * emailed codes (6 digits, 10 minutes, one per address per minute, a few per hour per IP, burned
 * after three wrong tries). Codes live in the Kv store, so they hold across instances with Redis.
 */
import { randomInt, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { Code } from '../../lib/shared/codes.ts';
import { AppError } from '../common/app-error.ts';
import { loadSharp } from '../common/load-sharp.ts';
import { tooManyRequests } from '../common/rate-limit.ts';
import type { AppContext } from '../context.ts';
import { emailCodeMail, type MailLocale } from '../mail/index.ts';

/** svg-captcha's module itself renders a given text; its typings declare only the helpers. */
const renderCaptcha = svgCaptcha as unknown as (text: string, options: object) => string;

export const IMAGE_TTL_MS = 5 * 60_000;
export const EMAIL_TTL_MS = 10 * 60_000;
export const EMAIL_COOLDOWN_MS = 60_000;
export const EMAIL_PER_IP_PER_HOUR = 5;
export const EMAIL_MAX_TRIES = 3;
/** No 0/O, 1/I/L: nothing a person could read two ways. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** What the captchas say while CAPTCHA_TEST_MODE is on (only possible with NODE_ENV=test). */
export const TEST_IMAGE_TEXT = 'TEST';
export const TEST_EMAIL_CODE = '246810';

function randomText(length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

function expired(): AppError {
  return new AppError(
    Code.CAPTCHA_EXPIRED,
    400,
    '验证码已过期，请重新获取 / The code has expired, get a new one',
  );
}

function wrong(): AppError {
  return new AppError(Code.CAPTCHA_WRONG, 400, '验证码错误 / The code is wrong');
}

export class CaptchaService {
  readonly #ctx: Pick<AppContext, 'config' | 'kv' | 'mailer'>;

  constructor(ctx: Pick<AppContext, 'config' | 'kv' | 'mailer'>) {
    this.#ctx = ctx;
  }

  get #kv() {
    return this.#ctx.kv;
  }

  /** CAPTCHA_TEST_MODE (only possible with NODE_ENV=test): the captchas say fixed texts. */
  get #testMode(): boolean {
    return this.#ctx.config.captchaTestMode;
  }

  /** A new image captcha: its id and a PNG data URL. */
  async image(): Promise<{ sessionId: string; imageData: string }> {
    const text = this.#testMode ? TEST_IMAGE_TEXT : randomText(randomInt(4, 6));
    const svg = renderCaptcha(text, {
      width: 150,
      height: 50,
      fontSize: 52,
      noise: 3,
      color: true,
      background: '#f4f4f5',
    });
    const sharp = await loadSharp();
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const sessionId = randomUUID();
    await this.#kv.set(`captcha:image:${sessionId}`, text, IMAGE_TTL_MS);
    return { sessionId, imageData: `data:image/png;base64,${png.toString('base64')}` };
  }

  /** Checks an image captcha; the first attempt uses it up. Throws -4 expired, -5 wrong. */
  async verifyImage(sessionId: string, code: string): Promise<void> {
    const text = await this.#kv.take(`captcha:image:${sessionId}`);
    if (text === null) throw expired();
    if (text.toUpperCase() !== code.trim().toUpperCase()) throw wrong();
  }

  /** Mails a 6-digit code to `email`. Throws -429 within a minute of the last one, or past the IP's hourly budget. */
  async sendEmailCode(email: string, ip: string, locale: MailLocale): Promise<void> {
    const address = email.toLowerCase();
    if (
      !(await this.#kv.setIfAbsent(`captcha:email-cooldown:${address}`, '1', EMAIL_COOLDOWN_MS))
    ) {
      throw tooManyRequests(await this.#kv.ttl(`captcha:email-cooldown:${address}`));
    }
    const sentFromIp = await this.#kv.incr(`captcha:email-ip:${ip}`, 3_600_000);
    if (sentFromIp > EMAIL_PER_IP_PER_HOUR) {
      // Nothing was sent, so the address is not on cooldown.
      await this.#kv.del(`captcha:email-cooldown:${address}`);
      throw tooManyRequests(await this.#kv.ttl(`captcha:email-ip:${ip}`));
    }
    const code = this.#testMode
      ? TEST_EMAIL_CODE
      : String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.#kv.set(`captcha:email:${address}`, code, EMAIL_TTL_MS);
    await this.#kv.del(`captcha:email-tries:${address}`);
    await this.#ctx.mailer.send({
      to: email,
      ...emailCodeMail(locale, code, EMAIL_TTL_MS / 60_000),
    });
  }

  /** Checks a mailed code; right once, then gone. Three wrong tries burn it. Throws -4 or -5. */
  async verifyEmailCode(email: string, code: string): Promise<void> {
    const address = email.toLowerCase();
    const stored = await this.#kv.get(`captcha:email:${address}`);
    if (stored === null) throw expired();
    if (stored === code.trim()) {
      await this.#kv.del(`captcha:email:${address}`);
      return;
    }
    if ((await this.#kv.incr(`captcha:email-tries:${address}`, EMAIL_TTL_MS)) >= EMAIL_MAX_TRIES) {
      await this.#kv.del(`captcha:email:${address}`);
    }
    throw wrong();
  }
}
