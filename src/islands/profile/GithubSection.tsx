import GithubMark from '../common/GithubMark.tsx';
import { useId } from 'react';
import type { UserExtra } from '@/lib/api/admin-types.ts';
import type { Notice } from '@/lib/api/failure.ts';
import { githubAuthorize } from '@/lib/api/auth.ts';
import { unlinkGithub } from '@/lib/api/user.ts';
import { updateUser } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import Feedback from '../common/Feedback.tsx';
import ProfileCard from './ProfileCard.tsx';
import { BUTTON_BUSY_CLASS } from '../common/ui.ts';
import { useFeedback } from '../common/use-feedback.ts';
import RetryAlert from '../common/RetryAlert.tsx';
import { useSiteSettings } from '../common/use-site-settings.ts';

export type ExtraState =
  { kind: 'loading' } | { kind: 'ready'; extra: UserExtra } | { kind: 'error'; notice: Notice };

interface Props {
  extra: ExtraState;
  onRetry: () => void;
  onUnlinked: () => void;
}

/**
 * The GitHub link: link an account (a trip to GitHub), or unlink it while a password exists.
 * Linking is offered only when the site has GitHub sign-in set up; unlinking always.
 */
export default function GithubSection({ extra, onRetry, onUnlinked }: Props) {
  const settings = useSiteSettings();
  const { feedback, busy, run } = useFeedback();
  const errorId = useId();
  const noteId = useId();

  const linked = extra.kind === 'ready' && extra.extra.githubLinked;
  if (settings?.githubSignIn === false && extra.kind === 'ready' && !linked) return null;

  const link = () =>
    void run(async () => {
      const { url } = await githubAuthorize('link');
      window.location.assign(url);
      return { key: 'profile.github.redirecting' };
    });

  const unlink = () =>
    void run(async () => {
      updateUser(await unlinkGithub());
      onUnlinked();
      return { key: 'profile.github.unlinked' };
    });

  let body;
  if (extra.kind === 'loading' || (settings === null && !linked)) {
    body = (
      <p role="status" className="text-sm text-muted">
        <Msg k="profile.loading" />
      </p>
    );
  } else if (extra.kind === 'error') {
    body = <RetryAlert notice={extra.notice} onRetry={onRetry} retryKey="profile.retry" />;
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
