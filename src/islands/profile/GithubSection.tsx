import { useId } from 'react';
import type { UserExtra } from '../../lib/api/admin-types.ts';
import { githubAuthorize } from '../../lib/api/auth.ts';
import { unlinkGithub } from '../../lib/api/user.ts';
import { updateUser } from '../../lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import Feedback from '../common/Feedback.tsx';
import ProfileCard from './ProfileCard.tsx';
import { BUTTON_BUSY_CLASS } from './ui.ts';
import { useFeedback } from '../../lib/api/feedback.ts';

export type ExtraState =
  { kind: 'loading' } | { kind: 'ready'; extra: UserExtra } | { kind: 'error'; text: string };

interface Props {
  extra: ExtraState;
  onRetry: () => void;
  onUnlinked: () => void;
}

function GithubMark() {
  return (
    <svg
      className="size-5"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8Z" />
    </svg>
  );
}

/** The GitHub link: link an account (a trip to GitHub), or unlink it while a password exists. */
export default function GithubSection({ extra, onRetry, onUnlinked }: Props) {
  const { feedback, busy, run, t } = useFeedback();
  const errorId = useId();
  const noteId = useId();

  const link = () =>
    void run(async () => {
      const { url } = await githubAuthorize('link');
      window.location.assign(url);
      return t('profile.github.redirecting');
    });

  const unlink = () =>
    void run(async () => {
      updateUser(await unlinkGithub());
      onUnlinked();
      return t('profile.github.unlinked');
    });

  let body;
  if (extra.kind === 'loading') {
    body = (
      <p role="status" className="text-sm text-muted">
        <Msg k="profile.loading" />
      </p>
    );
  } else if (extra.kind === 'error') {
    body = (
      <div>
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {extra.text}
        </p>
        <button type="button" className="btn mt-3" onClick={onRetry}>
          <Msg k="profile.retry" />
        </button>
      </div>
    );
  } else if (extra.extra.githubLinked) {
    const { githubLogin, hasPassword } = extra.extra;
    body = (
      <div>
        <p className="flex items-center gap-2 text-sm">
          <GithubMark />
          {githubLogin ? (
            <Msg k="profile.github.linkedAs" vars={{ login: githubLogin }} />
          ) : (
            <Msg k="profile.github.linked" />
          )}
        </p>
        <button
          type="button"
          className={`btn mt-4 ${BUTTON_BUSY_CLASS}`}
          onClick={unlink}
          disabled={busy || !hasPassword}
          aria-describedby={hasPassword ? undefined : noteId}
        >
          <Msg k={busy ? 'profile.github.unlinking' : 'profile.github.unlink'} />
        </button>
        {!hasPassword && (
          <p id={noteId} className="mt-2 text-sm text-muted">
            <Msg k="profile.github.needPassword" />
          </p>
        )}
      </div>
    );
  } else {
    body = (
      <div>
        <p className="text-sm text-muted">
          <Msg k="profile.github.notLinked" />
        </p>
        <button
          type="button"
          className={`btn mt-4 ${BUTTON_BUSY_CLASS}`}
          onClick={link}
          disabled={busy}
        >
          <GithubMark />
          <Msg k={busy ? 'profile.github.redirecting' : 'profile.github.link'} />
        </button>
      </div>
    );
  }

  return (
    <ProfileCard id="profile-github" titleKey="profile.github.title" descKey="profile.github.desc">
      {body}
      <Feedback feedback={feedback} errorId={errorId} />
    </ProfileCard>
  );
}
