import { useState } from 'react';
import { githubAuthorize } from '@/lib/api/auth.ts';
import Msg from '../common/Msg.tsx';
import FormAlert from '../common/FormAlert.tsx';
import GithubMark from '../common/GithubMark.tsx';
import { keepFocus } from './hooks.ts';
import { useSiteSettings } from '../common/use-site-settings.ts';
import OrDivider from './OrDivider.tsx';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';

/**
 * "or" and "Continue with GitHub", only when the site has GitHub sign-in set up (while that is not
 * known yet, their place is kept, unseen, so the page does not jump). The button asks the server
 * for the authorize URL (state and PKCE are kept there) and sends the browser to GitHub, which
 * comes back to /auth/oauth2/github.
 */
export default function GithubButton() {
  const settings = useSiteSettings();
  const form = useFeedback();
  // Stays busy while the browser goes to GitHub.
  const [leaving, setLeaving] = useState(false);
  const busy = form.busy || leaving;

  if (settings?.githubSignIn === false) return null;
  const known = settings !== null;

  const go = async () => {
    const restoreFocus = keepFocus();
    const failure = await form.run(async () => {
      const { url } = await githubAuthorize('signin');
      setLeaving(true);
      window.location.assign(url);
      return null;
    });
    if (failure) restoreFocus();
  };

  return (
    <div className={`flex flex-col gap-6 ${known ? '' : 'invisible'}`} inert={!known}>
      <OrDivider />
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className="btn w-full"
          onClick={() => void go()}
          disabled={busy}
          aria-busy={busy}
        >
          <GithubMark />
          <Msg k={busy ? 'auth.githubGoing' : 'auth.github'} />
        </button>
        <FormAlert emptyClassName="empty:-mt-2" notice={failedNotice(form.feedback)} />
      </div>
    </div>
  );
}
