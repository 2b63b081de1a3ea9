import { useCallback, useEffect, useId, useState } from 'react';
import type { DeviceSession } from '@/lib/api/admin-types.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import { listSessions, revokeOtherSessions, revokeSession } from '@/lib/api/user.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import Feedback from '../common/Feedback.tsx';
import ProfileCard from './ProfileCard.tsx';
import { deviceName } from './device-name.ts';
import RetryAlert from '../common/RetryAlert.tsx';
import { BUTTON_BUSY_CLASS, formatTime } from '../common/ui.ts';
import { useFeedback } from '../common/use-feedback.ts';

type ListState =
  | { kind: 'loading' }
  | { kind: 'ready'; sessions: DeviceSession[] }
  | { kind: 'error'; notice: Notice };

/** The current device first, then the most recently active. */
function ordered(sessions: DeviceSession[]): DeviceSession[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      Date.parse(b.lastSeenTime) - Date.parse(a.lastSeenTime),
  );
}

interface Props {
  /** Changes when something else ended sessions (a password change): the list reloads. */
  version: number;
}

/** The devices signed in to this account; any other one can be signed out. */
export default function SessionsSection({ version }: Props) {
  const { locale, t } = useT();
  const { feedback, busy, run } = useFeedback();
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [pending, setPending] = useState<string | null>(null);
  const errorId = useId();

  const load = useCallback(() => {
    setList({ kind: 'loading' });
    listSessions().then(
      (sessions) => setList({ kind: 'ready', sessions: ordered(sessions) }),
      (error: unknown) => setList({ kind: 'error', notice: readFailure(error).notice }),
    );
  }, []);

  // Loads on mount and again whenever `version` changes.
  useEffect(() => {
    load();
  }, [version, load]);

  const others = list.kind === 'ready' ? list.sessions.filter((s) => !s.current) : [];

  const revokeOne = (session: DeviceSession) => {
    setPending(session.id);
    void run(async () => {
      await revokeSession(session.id);
      setList((state) =>
        state.kind === 'ready'
          ? { kind: 'ready', sessions: state.sessions.filter((s) => s.id !== session.id) }
          : state,
      );
      return { key: 'profile.sessions.revoked' };
    }).finally(() => setPending(null));
  };

  const revokeOthers = () => {
    setPending('others');
    void run(async () => {
      await revokeOtherSessions();
      setList((state) =>
        state.kind === 'ready'
          ? { kind: 'ready', sessions: state.sessions.filter((s) => s.current) }
          : state,
      );
      return { key: 'profile.sessions.revokedOthers' };
    }).finally(() => setPending(null));
  };

  let body;
  if (list.kind === 'loading') {
    body = (
      <p role="status" className="text-sm text-muted">
        <Msg k="profile.loading" />
      </p>
    );
  } else if (list.kind === 'error') {
    body = <RetryAlert notice={list.notice} onRetry={load} retryKey="profile.retry" />;
  } else if (list.sessions.length === 0) {
    body = (
      <p className="text-sm text-muted">
        <Msg k="profile.sessions.empty" />
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-line rounded-lg border border-line">
        {list.sessions.map((session) => {
          const name = deviceName(session.userAgent);
          const label =
            name.browser && name.os
              ? t('profile.sessions.on', { browser: name.browser, os: name.os })
              : (name.browser ?? name.os ?? t('profile.sessions.unknownDevice'));
          return (
            <li
              key={session.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span>{label}</span>
                  {session.current && (
                    <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent">
                      <Msg k="profile.sessions.current" />
                    </span>
                  )}
                </p>
                <p className="mt-1 text-sm text-muted">
                  <Msg
                    k="profile.sessions.details"
                    vars={{
                      ip: session.ip || '—',
                      seen: formatTime(session.lastSeenTime, locale),
                      since: formatTime(session.createTime, locale),
                    }}
                  />
                </p>
                {session.userAgent && (
                  <p className="mt-1 truncate text-xs text-muted" title={session.userAgent}>
                    {session.userAgent}
                  </p>
                )}
              </div>
              {!session.current && (
                <button
                  type="button"
                  className={`btn shrink-0 self-start sm:self-center ${BUTTON_BUSY_CLASS}`}
                  onClick={() => revokeOne(session)}
                  disabled={busy}
                  aria-label={t('profile.sessions.revokeLabel', { device: label })}
                >
                  <Msg
                    k={
                      pending === session.id
                        ? 'profile.sessions.revoking'
                        : 'profile.sessions.revoke'
                    }
                  />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ProfileCard
      id="profile-sessions"
      titleKey="profile.sessions.title"
      descKey="profile.sessions.desc"
    >
      {body}
      {list.kind === 'ready' && (
        <div className="mt-4">
          <button
            type="button"
            className={`btn ${BUTTON_BUSY_CLASS}`}
            onClick={revokeOthers}
            disabled={busy || others.length === 0}
          >
            <Msg
              k={
                pending === 'others' ? 'profile.sessions.revoking' : 'profile.sessions.revokeOthers'
              }
            />
          </button>
        </div>
      )}
      <Feedback feedback={feedback} errorId={errorId} />
    </ProfileCard>
  );
}
