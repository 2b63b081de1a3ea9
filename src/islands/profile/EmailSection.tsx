import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { User } from '@/server/user/user.schema.ts';
import { retryAfterSeconds } from '@/lib/api/failure.ts';
import { sendEmailCode, updateEmail } from '@/lib/api/user.ts';
import { updateUser } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import Feedback from '../common/Feedback.tsx';
import ProfileCard from './ProfileCard.tsx';
import { BUTTON_BUSY_CLASS, HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '../common/ui.ts';
import { fieldErrorProps, useFeedback } from '../common/use-feedback.ts';
import { EMAIL_SHAPE } from '@/lib/shared/limits.ts';

/** After a code is sent, the button waits this long (the server allows one a minute). */
export const RESEND_SECONDS = 60;

const CODE_PATTERN = /^\d{6}$/;

/** A countdown in whole seconds that ticks down to 0. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** Change the email: a code goes to the new address, and the code proves it is yours. */
export default function EmailSection({ user }: { user: User }) {
  const { feedback, busy, run, refuse } = useFeedback();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useCountdown();
  const codeInput = useRef<HTMLInputElement>(null);
  const ids = { email: useId(), code: useId(), codeHint: useId(), error: useId() };

  const address = email.trim();

  const send = async () => {
    if (!EMAIL_SHAPE.test(address)) {
      refuse({ key: 'profile.email.invalid' }, 'email');
      return;
    }
    if (address.toLowerCase() === user.email?.toLowerCase()) {
      refuse({ key: 'profile.email.same' }, 'email');
      return;
    }
    setSending(true);
    await run(async () => {
      try {
        await sendEmailCode(address);
      } catch (error) {
        const seconds = retryAfterSeconds(error);
        if (seconds) setWait(seconds);
        throw error;
      }
      setSentTo(address);
      setWait(RESEND_SECONDS);
      codeInput.current?.focus();
      return { key: 'profile.email.sent', vars: { email: address } };
    });
    setSending(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_SHAPE.test(address)) {
      refuse({ key: 'profile.email.invalid' }, 'email');
      return;
    }
    if (!CODE_PATTERN.test(code.trim())) {
      refuse({ key: 'profile.email.codeInvalid' }, 'code');
      return;
    }
    void run(async () => {
      updateUser(await updateEmail(address, code.trim()));
      setEmail('');
      setCode('');
      setSentTo(null);
      return { key: 'profile.email.saved', vars: { email: address } };
    });
  };

  // The code was sent to one address; typing another one means a new code is needed.
  const codeForOther = sentTo !== null && sentTo !== address;

  return (
    <ProfileCard id="profile-email" titleKey="profile.email.title" descKey="profile.email.desc">
      <p className="text-sm">
        <span className="text-muted">
          <Msg k="profile.email.current" />
        </span>{' '}
        {user.email ? (
          <strong className="font-medium break-all">{user.email}</strong>
        ) : (
          <span className="italic text-muted">
            <Msg k="profile.email.none" />
          </span>
        )}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div>
          <label htmlFor={ids.email} className={LABEL_CLASS}>
            <Msg k="profile.email.new" />
          </label>
          <div className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
            <input
              id={ids.email}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={INPUT_CLASS}
              {...fieldErrorProps(feedback, 'email', ids.error)}
            />
            <button
              type="button"
              className={`btn mt-1 shrink-0 ${BUTTON_BUSY_CLASS}`}
              onClick={() => void send()}
              disabled={busy || wait > 0 || address === ''}
            >
              {sending ? (
                <Msg k="profile.email.sending" />
              ) : wait > 0 ? (
                <Msg k="profile.email.resendIn" vars={{ seconds: wait }} />
              ) : (
                <Msg k={sentTo ? 'profile.email.resend' : 'profile.email.send'} />
              )}
            </button>
          </div>
        </div>
        <div>
          <label htmlFor={ids.code} className={LABEL_CLASS}>
            <Msg k="profile.email.code" />
          </label>
          <input
            ref={codeInput}
            id={ids.code}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            className={`${INPUT_CLASS} max-w-40 tracking-widest`}
            {...fieldErrorProps(feedback, 'code', ids.error, ids.codeHint)}
          />
          <p id={ids.codeHint} className={HINT_CLASS}>
            <Msg k={codeForOther ? 'profile.email.codeOther' : 'profile.email.codeHint'} />
          </p>
        </div>
        <div>
          <button
            type="submit"
            className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
            disabled={busy || address === '' || code.trim() === ''}
          >
            <Msg k={busy && !sending ? 'profile.saving' : 'profile.email.submit'} />
          </button>
          <Feedback feedback={feedback} errorId={ids.error} />
        </div>
      </form>
    </ProfileCard>
  );
}
