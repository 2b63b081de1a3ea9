import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserExtra } from '../../lib/api/admin-types.ts';
import { getUserExtra } from '../../lib/api/user.ts';
import { errorText } from '../../lib/api/errors.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { paths } from '../../lib/shared/paths.ts';
import { $sessionStatus, $user } from '../../lib/stores/session.ts';
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
  const { locale, t } = useT();
  const [extra, setExtra] = useState<ExtraState>({ kind: 'loading' });
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const userId = user?.id ?? null;

  const loadExtra = useCallback(() => {
    setExtra({ kind: 'loading' });
    getUserExtra().then(
      (value) => setExtra({ kind: 'ready', extra: value }),
      (error: unknown) =>
        setExtra({
          kind: 'error',
          text: errorText(error, locale, {
            network: t('apiError.network'),
            unknown: t('apiError.unknown'),
          }),
        }),
    );
  }, [locale, t]);

  // Loaded once per signed-in user, not again when the language (and so loadExtra) changes.
  const loadExtraRef = useRef(loadExtra);
  loadExtraRef.current = loadExtra;
  useEffect(() => {
    if (userId) loadExtraRef.current();
  }, [userId]);

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
