import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { UserExtra } from '@/lib/api/admin-types.ts';
import { getUserExtra } from '@/lib/api/user.ts';
import { readFailure } from '@/lib/api/failure.ts';
import { paths } from '@/lib/shared/paths.ts';
import { $sessionStatus, $user } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import AvatarSection from './AvatarSection.tsx';
import EmailSection from './EmailSection.tsx';
import GithubSection, { type ExtraState } from './GithubSection.tsx';
import NicknameSection from './NicknameSection.tsx';
import PasswordSection from './PasswordSection.tsx';
import SessionsSection from './SessionsSection.tsx';

/**
 * The profile page (/auth/profile): avatar, nickname, email, password, GitHub link and signed-in
 * devices of the signed-in user. Each part saves on its own; the session store keeps the header's
 * avatar and nickname in step.
 */
export default function ProfilePanel() {
  const user = useStore($user, { ssr: 'initial' });
  const status = useStore($sessionStatus, { ssr: 'initial' });
  const [extra, setExtra] = useState<ExtraState>({ kind: 'loading' });
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const userId = user?.id ?? null;

  const loadExtra = useCallback(() => {
    setExtra({ kind: 'loading' });
    getUserExtra().then(
      (value) => setExtra({ kind: 'ready', extra: value }),
      (error: unknown) => setExtra({ kind: 'error', notice: readFailure(error).notice }),
    );
  }, []);

  // Loaded once per signed-in user.
  useEffect(() => {
    if (userId) loadExtra();
  }, [userId, loadExtra]);

  const patchExtra = (change: Partial<UserExtra>) =>
    setExtra((state) =>
      state.kind === 'ready' ? { kind: 'ready', extra: { ...state.extra, ...change } } : state,
    );

  if (!user) {
    return status === 'ready' ? (
      <p className="card p-5">
        <a className="link" href={paths.login()}>
          <Msg k="common.signIn" />
        </a>
      </p>
    ) : (
      <p role="status" className="card p-5 text-muted">
        <Msg k="profile.loading" />
      </p>
    );
  }

  const hasPassword = extra.kind === 'ready' ? extra.extra.hasPassword : null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <AvatarSection user={user} />
      <NicknameSection user={user} />
      <EmailSection user={user} />
      <PasswordSection
        user={user}
        hasPassword={hasPassword}
        onChanged={() => {
          patchExtra({ hasPassword: true });
          setSessionsVersion((v) => v + 1);
        }}
      />
      <div className="empty:hidden lg:col-span-2">
        <GithubSection
          extra={extra}
          onRetry={loadExtra}
          onUnlinked={() => patchExtra({ githubLinked: false, githubLogin: null })}
        />
      </div>
      <div className="lg:col-span-2">
        <SessionsSection version={sessionsVersion} />
      </div>
    </div>
  );
}
