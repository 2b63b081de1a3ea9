import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { login } from '@/lib/api/auth.ts';
import { formatWait } from '@/lib/api/failure.ts';
import { checkLogin, type FieldErrors } from '@/lib/auth/field-checks.ts';
import { paths } from '@/lib/shared/paths.ts';
import { signIn } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import FormAlert from '../common/FormAlert.tsx';
import GithubButton from './GithubButton.tsx';
import { keepFocus, leaveTo, useCountdown, useLeaveWhenSignedIn } from './hooks.ts';
import ImageCaptcha from '../common/ImageCaptcha.tsx';
import PasswordField from './PasswordField.tsx';
import SignedInNote from './SignedInNote.tsx';
import TextField from '../common/TextField.tsx';
import { SUBMIT_CLASS } from './ui.ts';
import { useImageCaptcha } from '../common/use-image-captcha.ts';
import { failedNotice, useFeedback, type Feedback } from '../common/use-feedback.ts';

type Field = 'account' | 'password' | 'code';

function isThrottle(feedback: Feedback): boolean {
  const notice = failedNotice(feedback);
  return notice !== null && 'key' in notice && notice.key === 'failure.throttled';
}

/**
 * Sign in with username or email and password. The server decides when an image captcha is
 * needed (after a few failures) and when to slow down (-429 with a wait, counted down on the
 * button); every refusal reads the same, whatever was wrong.
 */
export default function LoginForm() {
  const leaving = useLeaveWhenSignedIn();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useImageCaptcha(captchaShown);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const form = useFeedback();
  const { busy } = form;
  const wait = useCountdown();
  const refs = {
    account: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };
  const focusCaptcha = useRef(false);

  useEffect(() => {
    if (wait.remaining === 0 && isThrottle(form.feedback)) form.reset();
  }, [wait.remaining]);

  // Once the captcha appears because the server asked for it, the caret goes there.
  useEffect(() => {
    if (captchaShown && focusCaptcha.current) {
      focusCaptcha.current = false;
      refs.code.current?.focus();
    }
  });

  if (leaving) return <SignedInNote />;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || wait.remaining > 0) return;
    const found = checkLogin({ account, password, code: captchaShown ? captcha.code : null });
    setErrors(found);
    const first = (['account', 'password', 'code'] as const).find((name) => found[name]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    const answer = captchaShown ? captcha.answer() : null;
    if (captchaShown && !answer) {
      form.refuse({ key: 'auth.captchaFailed' });
      return;
    }
    const restoreFocus = keepFocus();
    const failure = await form.run(async () => {
      const { token, user } = await login({ account: account.trim(), password, ...(answer ?? {}) });
      await signIn(token, user);
      leaveTo();
      return null;
    });
    if (!failure) return;
    const needCaptcha = failure.captchaRequired ?? captchaShown;
    if (needCaptcha && captchaShown) captcha.refresh();
    if (needCaptcha !== captchaShown) setCaptchaShown(needCaptcha);
    if (failure.captchaRejected) {
      focusCaptcha.current = true;
      if (captchaShown) refs.code.current?.focus();
    }
    if (failure.retryAfterSeconds !== null) wait.start(failure.retryAfterSeconds);
    restoreFocus();
  };

  const waiting = wait.remaining > 0;
  return (
    <div className="flex flex-col gap-6">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={busy}
      >
        <TextField
          label="auth.account"
          name="account"
          value={account}
          onValue={setAccount}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={254}
          error={errors.account}
          inputRef={refs.account}
        />
        <PasswordField
          label="auth.password"
          name="password"
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          maxLength={1024}
          error={errors.password}
          inputRef={refs.password}
        />
        <p className="-mt-2 text-right text-sm">
          <a className="link" href={paths.recoverInitiate()}>
            <Msg k="auth.forgot" />
          </a>
        </p>
        {captchaShown && (
          <ImageCaptcha captcha={captcha} error={errors.code} inputRef={refs.code} />
        )}
        <FormAlert notice={failedNotice(form.feedback)} />
        <button type="submit" className={SUBMIT_CLASS} disabled={busy || waiting}>
          {busy ? (
            <Msg k="auth.signingIn" />
          ) : waiting ? (
            <Msg k="auth.waitRetry" vars={{ time: formatWait(wait.remaining) }} />
          ) : (
            <Msg k="auth.signIn" />
          )}
        </button>
      </form>
      <GithubButton />
      <p className="text-center text-sm text-muted">
        <Msg k="auth.noAccount" />{' '}
        <a className="link" href={paths.register()}>
          <Msg k="auth.toRegister" />
        </a>
      </p>
    </div>
  );
}
