import { rememberRoute } from '@/lib/pre-route.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../../common/Msg.tsx';

/** Sends the reader to sign in, remembering to come back to the comments of this page. */
function rememberHere(): void {
  const { pathname, search } = window.location;
  rememberRoute(`${pathname}${search}#comments`);
}

/** In place of the editor for readers who are not signed in. */
export default function SignInPrompt() {
  return (
    <p className="rounded-md border border-line bg-bg px-3 py-3 text-sm">
      <Msg k="blogReader.comments.signInPrompt" />{' '}
      <a className="link font-medium" href={paths.login()} onClick={rememberHere}>
        <Msg k="blogReader.comments.signIn" />
      </a>
    </p>
  );
}
