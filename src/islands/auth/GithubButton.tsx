import { useState } from 'react';
import { githubAuthorize } from '../../lib/api/auth.ts';
import { readFailure, type Notice } from '../../lib/auth-form.ts';
import Msg from '../common/Msg.tsx';
import FormAlert from '../common/FormAlert.tsx';
import GithubMark from '../common/GithubMark.tsx';
import { keepFocus } from './hooks.ts';
import NoticeText from '../common/NoticeText.tsx';
import { useSiteSettings } from '../common/use-site-settings.ts';
import OrDivider from './OrDivider.tsx';

/**
 * "or" and "Continue with GitHub", only when the site has GitHub sign-in set up (while that is not
 * known yet, their place is kept, unseen, so the page does not jump). The button asks the server
 * for the authorize URL (state and PKCE are kept there) and sends the browser to GitHub, which
 * comes back to /auth/oauth2/github.
 */
export default function GithubButton() {
  const settings = useSiteSettings();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  if (settings?.githubSignIn === false) return null;
  const known = settings !== null;

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
    <div className={`flex flex-col gap-6 ${known ? '' : 'invisible'}`} inert={!known}>
      <OrDivider />
      <div className="flex flex-col gap-2">
        <button type="button" className="btn w-full" onClick={go} disabled={busy} aria-busy={busy}>
          <GithubMark />
          <Msg k={busy ? 'auth.githubGoing' : 'auth.github'} />
        </button>
        <FormAlert emptyClassName="empty:-mt-2">
          {notice && <NoticeText notice={notice} />}
        </FormAlert>
      </div>
    </div>
  );
}
