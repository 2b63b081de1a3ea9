import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { githubSignIn } from '@/lib/api/auth.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import { readGithubReturn } from '@/lib/auth/callback-params.ts';
import { paths } from '@/lib/shared/paths.ts';
import { $user, signIn } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';
import FormAlert from '../common/FormAlert.tsx';
import { leaveTo } from './hooks.ts';
import { SECONDARY_CLASS } from './ui.ts';

type Outcome =
  | { kind: 'working' }
  | { kind: 'signedIn' }
  | { kind: 'linked' }
  | { kind: 'failed'; notice: Notice };

/**
 * Where GitHub sends the browser back (`?code&state`): hands both to the server, which checks the
 * state and finishes the sign-in. A token means signed in (back to the remembered page); no token
 * means GitHub was linked to the signed-in account (back to the profile). The code is taken out of
 * the address bar at once: it works only once anyway.
 */
export default function GithubCallback() {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const user = useStore($user, { ssr: 'initial' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const back = readGithubReturn(window.location.search);
    window.history.replaceState(null, '', window.location.pathname);
    if (back.kind === 'denied') {
      setOutcome({ kind: 'failed', notice: { key: 'auth.githubDenied' } });
      return;
    }
    if (back.kind === 'missing') {
      setOutcome({ kind: 'failed', notice: { key: 'auth.githubMissing' } });
      return;
    }
    githubSignIn(back.code, back.state).then(
      async (result) => {
        if (result.token === null) {
          setOutcome({ kind: 'linked' });
          leaveTo(paths.profile());
          return;
        }
        await signIn(result.token, result.user);
        setOutcome({ kind: 'signedIn' });
        leaveTo();
      },
      (error: unknown) => setOutcome({ kind: 'failed', notice: readFailure(error).notice }),
    );
  }, []);

  if (outcome.kind !== 'failed') {
    const key =
      outcome.kind === 'linked'
        ? 'auth.githubLinked'
        : outcome.kind === 'signedIn'
          ? 'auth.redirecting'
          : 'auth.githubWorking';
    return (
      <p role="status" className="text-muted">
        <Msg k={key} />
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">
        <Msg k="auth.githubFailed" />
      </h2>
      <FormAlert notice={outcome.notice} />
      <p className="flex flex-wrap gap-3">
        {user ? (
          <a className="btn btn-primary" href={paths.profile()}>
            <Msg k="auth.toProfile" />
          </a>
        ) : (
          <a className="btn btn-primary" href={paths.login()}>
            <Msg k="auth.backToLogin" />
          </a>
        )}
        <a className={SECONDARY_CLASS} href={paths.home()}>
          <Msg k="common.goHome" />
        </a>
      </p>
    </div>
  );
}
