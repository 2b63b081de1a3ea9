import { useState } from 'react';
import { githubAuthorize } from '../../lib/api/auth.ts';
import { readFailure, type Notice } from '../../lib/auth-form.ts';
import Msg from '../common/Msg.tsx';
import FormAlert from '../common/FormAlert.tsx';
import GithubMark from '../common/GithubMark.tsx';
import { keepFocus } from './hooks.ts';
import NoticeText from '../common/NoticeText.tsx';

/**
 * "Continue with GitHub": asks the server for the authorize URL (state and PKCE are kept there)
 * and sends the browser to GitHub, which comes back to /auth/oauth2/github.
 */
export default function GithubButton() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const go = () => {
    const restoreFocus = keepFocus();
    setBusy(true);
    setNotice(null);
    githubAuthorize('signin').then(
      ({ url }) => window.location.assign(url),
      (error: unknown) => {
        setNotice(readFailure(error).notice);
        setBusy(false);
        restoreFocus();
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn w-full" onClick={go} disabled={busy} aria-busy={busy}>
        <GithubMark />
        <Msg k={busy ? 'auth.githubGoing' : 'auth.github'} />
      </button>
      <FormAlert emptyClassName="empty:-mt-2">{notice && <NoticeText notice={notice} />}</FormAlert>
    </div>
  );
}
