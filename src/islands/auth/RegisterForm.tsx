import { useRef, useState, type SubmitEvent, type RefObject } from 'react';
import { register } from '@/lib/api/auth.ts';
import { checkRegister, type FieldErrors, type RegisterFields } from '@/lib/auth/field-checks.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { NICKNAME_MAX, USERNAME_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import { signIn } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import FormAlert from '../common/FormAlert.tsx';
import GithubButton from './GithubButton.tsx';
import { keepFocus, leaveTo, useLeaveWhenSignedIn } from './hooks.ts';
import ImageCaptcha from '../common/ImageCaptcha.tsx';
import NicknameButtons from './NicknameButtons.tsx';
import PasswordField from './PasswordField.tsx';
import PasswordStrength from './PasswordStrength.tsx';
import SignedInNote from './SignedInNote.tsx';
import TextField from '../common/TextField.tsx';
import { SUBMIT_CLASS } from './ui.ts';
import { useImageCaptcha } from '../common/use-image-captcha.ts';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';

type Field = keyof RegisterFields;
const FIELD_ORDER: readonly Field[] = [
  'username',
  'password',
  'confirmPassword',
  'nickname',
  'code',
];

/**
 * Create an account: username, password (with the strength hint), confirmation, nickname (typed,
 * rolled at random or taken from where the visitor is) and the image captcha. Success signs in and
 * returns to the remembered page.
 */
export default function RegisterForm() {
  const leaving = useLeaveWhenSignedIn();
  const [values, setValues] = useState({
    username: '',
    password: '',
    confirmPassword: '',
    nickname: '',
  });
  const captcha = useImageCaptcha(true);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const form = useFeedback();
  const { busy } = form;
  const [nicknameNote, setNicknameNote] = useState<MessageKey | null>(null);
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
    nickname: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };

  if (leaving) return <SignedInNote />;

  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = checkRegister({ ...values, code: captcha.code });
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      form.refuse({ key: 'auth.error.fixFields' });
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
      const { token, user } = await register({
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        nickname: values.nickname.trim(),
        ...answer,
      });
      await signIn(token, user);
      leaveTo();
      return null;
    });
    if (!failure) return;
    // The captcha is used up by every attempt, right or wrong.
    captcha.refresh();
    if (failure.captchaRejected) refs.code.current?.focus();
    restoreFocus();
  };

  return (
    <div className="flex flex-col gap-6">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={busy}
      >
        <TextField
          label="auth.username"
          name="username"
          value={values.username}
          onValue={set('username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={USERNAME_MAX}
          error={errors.username}
          hint={<Msg k="auth.usernameHint" />}
          inputRef={refs.username}
        />
        <PasswordField
          label="auth.password"
          name="password"
          value={values.password}
          onValue={set('password')}
          autoComplete="new-password"
          maxLength={1024}
          error={errors.password}
          hint={<PasswordStrength password={values.password} />}
          inputRef={refs.password}
        />
        <PasswordField
          label="auth.confirmPassword"
          name="confirmPassword"
          value={values.confirmPassword}
          onValue={set('confirmPassword')}
          autoComplete="new-password"
          maxLength={1024}
          error={errors.confirmPassword}
          inputRef={refs.confirmPassword}
        />
        <TextField
          label="auth.nickname"
          name="nickname"
          value={values.nickname}
          onValue={(value) => {
            set('nickname')(value);
            setNicknameNote(null);
          }}
          autoComplete="nickname"
          maxLength={NICKNAME_MAX * 2}
          error={errors.nickname}
          inputRef={refs.nickname}
          hint={
            <span aria-live="polite">
              <Msg k={nicknameNote ?? 'auth.nicknameHint'} />
            </span>
          }
          beside={<NicknameButtons onNickname={set('nickname')} onNote={setNicknameNote} />}
        />
        <ImageCaptcha captcha={captcha} error={errors.code} inputRef={refs.code} />
        <FormAlert notice={failedNotice(form.feedback)} />
        <button type="submit" className={SUBMIT_CLASS} disabled={busy}>
          <Msg k={busy ? 'auth.registering' : 'auth.register'} />
        </button>
      </form>
      <GithubButton />
      <p className="text-center text-sm text-muted">
        <Msg k="auth.haveAccount" />{' '}
        <a className="link" href={paths.login()}>
          <Msg k="auth.toLogin" />
        </a>
      </p>
    </div>
  );
}
