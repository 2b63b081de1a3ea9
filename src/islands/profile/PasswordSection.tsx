import { useId, useState, type FormEvent } from 'react';
import type { User } from '@/server/user/user.schema.ts';
import { updatePassword } from '@/lib/api/user.ts';
import { PASSWORD_MAX, PASSWORD_MIN, charCount } from '@/lib/shared/limits.ts';
import Msg from '../common/Msg.tsx';
import Feedback from '../common/Feedback.tsx';
import ProfileCard from './ProfileCard.tsx';
import { BUTTON_BUSY_CLASS, HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '../common/ui.ts';
import { fieldErrorProps, useFeedback } from '../common/use-feedback.ts';

interface Props {
  user: User;
  /** null while unknown: then the current password is asked for, as the safe default. */
  hasPassword: boolean | null;
  /** Called after the change: the server has ended every other session. */
  onChanged: () => void;
}

/** Change the password (the current one is required when there is one) or set a first one. */
export default function PasswordSection({ user, hasPassword, onChanged }: Props) {
  const { feedback, busy, run, refuse } = useFeedback();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const ids = { current: useId(), next: useId(), confirm: useId(), hint: useId(), error: useId() };
  const needsCurrent = hasPassword !== false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsCurrent && current === '') {
      refuse({ key: 'profile.password.currentMissing' }, 'current');
      return;
    }
    const length = charCount(next);
    if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
      refuse(
        { key: 'profile.password.length', vars: { min: PASSWORD_MIN, max: PASSWORD_MAX } },
        'next',
      );
      return;
    }
    if (confirm !== next) {
      refuse({ key: 'profile.password.mismatch' }, 'confirm');
      return;
    }
    void run(async () => {
      await updatePassword({
        ...(needsCurrent ? { currentPassword: current } : {}),
        newPassword: next,
        confirmPassword: confirm,
      });
      setCurrent('');
      setNext('');
      setConfirm('');
      onChanged();
      return { key: 'profile.password.saved' };
    });
  };

  return (
    <ProfileCard
      id="profile-password"
      titleKey={needsCurrent ? 'profile.password.title' : 'profile.password.setTitle'}
      descKey={needsCurrent ? 'profile.password.desc' : 'profile.password.setDesc'}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user.username}
          readOnly
          hidden
        />
        {needsCurrent && (
          <div>
            <label htmlFor={ids.current} className={LABEL_CLASS}>
              <Msg k="profile.password.current" />
            </label>
            <input
              id={ids.current}
              name="current-password"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
              className={INPUT_CLASS}
              {...fieldErrorProps(feedback, 'current', ids.error)}
            />
          </div>
        )}
        <div>
          <label htmlFor={ids.next} className={LABEL_CLASS}>
            <Msg k="profile.password.new" />
          </label>
          <input
            id={ids.next}
            name="new-password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            className={INPUT_CLASS}
            {...fieldErrorProps(feedback, 'next', ids.error, ids.hint)}
          />
          <p id={ids.hint} className={HINT_CLASS}>
            <Msg k="profile.password.hint" vars={{ min: PASSWORD_MIN, max: PASSWORD_MAX }} />
          </p>
        </div>
        <div>
          <label htmlFor={ids.confirm} className={LABEL_CLASS}>
            <Msg k="profile.password.confirm" />
          </label>
          <input
            id={ids.confirm}
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            className={INPUT_CLASS}
            {...fieldErrorProps(feedback, 'confirm', ids.error)}
          />
        </div>
        <div>
          <button type="submit" className={`btn btn-primary ${BUTTON_BUSY_CLASS}`} disabled={busy}>
            <Msg k={busy ? 'profile.saving' : 'profile.password.submit'} />
          </button>
          <Feedback feedback={feedback} errorId={ids.error} />
        </div>
      </form>
    </ProfileCard>
  );
}
