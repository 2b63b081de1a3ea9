import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { checkRecovery, completeRecovery } from '@/lib/api/auth.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import { readRecoveryToken } from '@/lib/auth/callback-params.ts';
import {
  checkNewPassword,
  type FieldErrors,
  type NewPasswordFields,
} from '@/lib/auth/field-checks.ts';
import { Code } from '@/lib/shared/codes.ts';
import { paths } from '@/lib/shared/paths.ts';
import { signIn } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import FormAlert from '../common/FormAlert.tsx';
import { keepFocus, leaveTo } from './hooks.ts';
import PasswordField from './PasswordField.tsx';
import PasswordStrength from './PasswordStrength.tsx';
import { SECONDARY_CLASS, SUBMIT_CLASS } from './ui.ts';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';

type Field = keyof NewPasswordFields;

type LinkState =
  | { kind: 'checking' }
  | { kind: 'missing' }
  | { kind: 'expired' }
  | { kind: 'failed'; notice: Notice }
  | { kind: 'ready'; token: string; username: string };

/** The link is dead (expired, used or unknown): say so and offer a new one. */
function DeadLink({ reason }: { reason: 'missing' | 'expired' }) {
  return (
    <div className="flex flex-col gap-4">
      <FormAlert>
        <Msg k={reason === 'missing' ? 'auth.recoverMissing' : 'auth.recoverExpired'} />
      </FormAlert>
      <p>
        <a className="btn btn-primary" href={paths.recoverInitiate()}>
          <Msg k="auth.recoverRestart" />
        </a>
      </p>
    </div>
  );
}

/**
 * The page a recovery mail links to (`?token=…`): checks the link first (whose account, still
 * valid?), then takes the new password twice; success signs in and returns to the remembered page
 * (when the user may open it), else home.
 */
export default function RecoverCompleteForm() {
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [values, setValues] = useState<NewPasswordFields>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const form = useFeedback();
  const { busy } = form;
  const refs = {
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  const check = useCallback(() => {
    const token = readRecoveryToken(window.location.search);
    if (!token) {
      setLink({ kind: 'missing' });
      return;
    }
    setLink({ kind: 'checking' });
    checkRecovery(token).then(
      ({ username }) => setLink({ kind: 'ready', token, username }),
      (error: unknown) => {
        const failure = readFailure(error);
        setLink(
          failure.code === Code.CAPTCHA_EXPIRED
            ? { kind: 'expired' }
            : { kind: 'failed', notice: failure.notice },
        );
      },
    );
  }, []);

  useEffect(check, [check]);

  if (link.kind === 'checking') {
    return (
      <p role="status" className="text-muted">
        <Msg k="auth.recoverChecking" />
      </p>
    );
  }
  if (link.kind === 'missing' || link.kind === 'expired') return <DeadLink reason={link.kind} />;
  if (link.kind === 'failed') {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert notice={link.notice} />
        <p>
          <button type="button" className={SECONDARY_CLASS} onClick={check}>
            <Msg k="auth.retry" />
          </button>
        </p>
      </div>
    );
  }

  const { token, username } = link;
  const set = (name: Field) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = checkNewPassword(values);
    setErrors(found);
    const first = (['password', 'confirmPassword'] as const).find((name) => found[name]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    const restoreFocus = keepFocus();
    const failure = await form.run(async () => {
      const result = await completeRecovery({ token, ...values });
      await signIn(result.token, result.user);
      leaveTo();
      return null;
    });
    if (!failure) return;
    if (failure.code === Code.CAPTCHA_EXPIRED) setLink({ kind: 'expired' });
    restoreFocus();
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={busy}
    >
      <p>
        <Msg k="auth.recoverFor" vars={{ username }} />
      </p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField
        label="auth.newPassword"
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
      <FormAlert notice={failedNotice(form.feedback)} />
      <button type="submit" className={SUBMIT_CLASS} disabled={busy}>
        <Msg k={busy ? 'auth.saving' : 'auth.savePassword'} />
      </button>
    </form>
  );
}
