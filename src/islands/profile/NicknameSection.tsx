import { useEffect, useId, useState, type FormEvent } from 'react';
import type { User } from '@/server/user/user.schema.ts';
import { randomNickname, updateNickname } from '@/lib/api/user.ts';
import { NICKNAME_MAX, charCount } from '@/lib/shared/limits.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { updateUser } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import Feedback from '../common/Feedback.tsx';
import ProfileCard from './ProfileCard.tsx';
import { INPUT_CLASS, LABEL_CLASS, HINT_CLASS, BUTTON_BUSY_CLASS } from '../common/ui.ts';
import { fieldErrorProps, useFeedback } from '../common/use-feedback.ts';
import Icon from '../common/Icon.tsx';

/** The nickname: type one or roll the dice, then save. */
export default function NicknameSection({ user }: { user: User }) {
  const { t } = useT();
  const { feedback, busy, run, refuse } = useFeedback();
  const [nickname, setNickname] = useState(user.nickname);
  const [rolling, setRolling] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  // A change saved elsewhere (another tab's store is separate, but a re-sign-in is not) shows here.
  useEffect(() => setNickname(user.nickname), [user.nickname]);

  const trimmed = nickname.trim();
  const unchanged = trimmed === user.nickname;

  const roll = async () => {
    setRolling(true);
    await run(async () => {
      setNickname(await randomNickname());
      return null;
    });
    setRolling(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const length = charCount(trimmed);
    if (length < 1 || length > NICKNAME_MAX) {
      refuse({ key: 'profile.nickname.invalid', vars: { max: NICKNAME_MAX } }, 'nickname');
      return;
    }
    void run(async () => {
      updateUser(await updateNickname(trimmed));
      return { key: 'profile.nickname.saved' };
    });
  };

  return (
    <ProfileCard id="profile-nickname" titleKey="profile.nickname.title">
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={LABEL_CLASS}>
          <Msg k="profile.nickname.label" />
        </label>
        <div className="flex items-start gap-2">
          <input
            id={inputId}
            name="nickname"
            type="text"
            autoComplete="nickname"
            value={nickname}
            onChange={(event) => setNickname(event.target.value)}
            className={INPUT_CLASS}
            {...fieldErrorProps(feedback, 'nickname', errorId, hintId)}
          />
          <button
            type="button"
            className={`btn mt-1 shrink-0 px-2.5 ${BUTTON_BUSY_CLASS}`}
            onClick={() => void roll()}
            disabled={busy}
            title={t('profile.nickname.dice')}
          >
            <Icon name="dice" />
            <span className="sr-only">
              <Msg k="profile.nickname.dice" />
            </span>
          </button>
        </div>
        <p id={hintId} className={HINT_CLASS}>
          <Msg k="profile.nickname.hint" vars={{ max: NICKNAME_MAX }} />
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="submit"
            className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
            disabled={busy || unchanged}
          >
            <Msg k={busy && !rolling ? 'profile.saving' : 'profile.save'} />
          </button>
        </div>
        <Feedback feedback={feedback} errorId={errorId} />
      </form>
    </ProfileCard>
  );
}
