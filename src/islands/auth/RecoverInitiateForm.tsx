import { useRef, useState, type SubmitEvent } from 'react';
import { initiateRecovery } from '@/lib/api/auth.ts';
import {
  checkRecoverInitiate,
  type FieldErrors,
  type RecoverInitiateFields,
} from '@/lib/auth/field-checks.ts';
import { EMAIL_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import FormAlert from '../common/FormAlert.tsx';
import { keepFocus } from './hooks.ts';
import ImageCaptcha from '../common/ImageCaptcha.tsx';
import TextField from '../common/TextField.tsx';
import { SECONDARY_CLASS, SUBMIT_CLASS } from './ui.ts';
import { useImageCaptcha } from '../common/use-image-captcha.ts';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';

type Field = keyof RecoverInitiateFields;

/**
 * Forgot password: the account's email and the image captcha. The answer is the same whether or
 * not the address belongs to an account ("if it does, a link is on its way").
 */
export default function RecoverInitiateForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const captcha = useImageCaptcha(!sent);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const form = useFeedback();
  const { busy } = form;
  const refs = { email: useRef<HTMLInputElement>(null), code: useRef<HTMLInputElement>(null) };
  const doneRef = useRef<HTMLDivElement>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = checkRecoverInitiate({ email, code: captcha.code });
    setErrors(found);
    const first = (['email', 'code'] as const).find((name) => found[name]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    const answer = captcha.answer();
    if (!answer) {
      form.refuse({ key: 'auth.captchaFailed' });
      return;
    }
    const restoreFocus = keepFocus();
    const failure = await form.run(async () => {
      await initiateRecovery({ email: email.trim(), ...answer });
      setSent(true);
      requestAnimationFrame(() => doneRef.current?.focus());
      return null;
    });
    if (!failure) return;
    captcha.refresh();
    if (failure.captchaRejected) refs.code.current?.focus();
    restoreFocus();
  };

  if (sent) {
    return (
      <div ref={doneRef} tabIndex={-1} className="flex flex-col gap-4 outline-none">
        <FormAlert tone="success">
          <Msg k="auth.recoverSent" />
        </FormAlert>
        <div className="flex flex-wrap gap-3">
          <a className="btn btn-primary" href={paths.login()}>
            <Msg k="auth.backToLogin" />
          </a>
          <button
            type="button"
            className={SECONDARY_CLASS}
            onClick={() => {
              setSent(false);
              form.reset();
            }}
          >
            <Msg k="auth.recoverAgain" />
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={busy}
      >
        <TextField
          label="auth.email"
          name="email"
          type="email"
          value={email}
          onValue={setEmail}
          autoComplete="email"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={EMAIL_MAX}
          error={errors.email}
          inputRef={refs.email}
        />
        <ImageCaptcha captcha={captcha} error={errors.code} inputRef={refs.code} />
        <FormAlert notice={failedNotice(form.feedback)} />
        <button type="submit" className={SUBMIT_CLASS} disabled={busy}>
          <Msg k={busy ? 'auth.sending' : 'auth.sendLink'} />
        </button>
      </form>
      <p className="text-center text-sm text-muted">
        <Msg k="auth.remembered" />{' '}
        <a className="link" href={paths.login()}>
          <Msg k="auth.toLogin" />
        </a>
      </p>
    </div>
  );
}
