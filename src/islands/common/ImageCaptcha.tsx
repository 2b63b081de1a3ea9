import type { Ref } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from './Msg.tsx';
import Icon from './Icon.tsx';
import TextField from './TextField.tsx';
import type { ImageCaptchaState } from './use-image-captcha.ts';

/**
 * The image captcha field: the picture (click it for a new one), a refresh button and the input.
 * The state comes from useImageCaptcha, which the form owns.
 */
export default function ImageCaptcha({
  captcha,
  error,
  inputRef,
}: {
  captcha: ImageCaptchaState;
  error?: MessageKey | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useT();
  const { image, status } = captcha;
  const refreshLabel = t('auth.captchaRefresh');
  return (
    <TextField
      label="auth.captcha"
      name="captcha"
      value={captcha.code}
      onValue={captcha.setCode}
      autoComplete="off"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      maxLength={16}
      error={error}
      inputRef={inputRef}
      hint={
        status === 'failed' ? (
          <span className="text-warn-fg">
            <Msg k="auth.captchaFailed" />
          </span>
        ) : (
          <Msg k="auth.captchaHint" />
        )
      }
      beside={
        <>
          {/* The picture also refreshes on click (a mouse shortcut; the button does it by keyboard). */}
          <div className="flex h-11 w-[7.5rem] shrink-0 items-center justify-center overflow-hidden rounded-md border border-line bg-[#f4f4f5] text-xs text-stone-600">
            {image && status !== 'failed' ? (
              <img
                src={image.imageData}
                alt={t('auth.captchaImage')}
                width={150}
                height={50}
                onClick={captcha.refresh}
                className={`h-full w-full cursor-pointer object-contain ${status === 'loading' ? 'opacity-40' : ''}`}
              />
            ) : status === 'idle' ? null : (
              // Idle with no picture: the prebuilt form, before its island has asked for one.
              <span className="px-1 text-center">
                <Msg k={status === 'failed' ? 'auth.captchaUnavailable' : 'auth.captchaLoading'} />
              </span>
            )}
          </div>
          <button
            type="button"
            onClick={captcha.refresh}
            className="icon-btn h-11 shrink-0 border border-line"
            title={refreshLabel}
            aria-label={refreshLabel}
          >
            <Icon
              name="refresh"
              className={`size-5 ${status === 'loading' ? 'animate-spin' : ''}`}
            />
          </button>
        </>
      }
    />
  );
}
