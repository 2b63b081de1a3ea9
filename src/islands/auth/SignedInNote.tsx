import Msg from '../common/Msg.tsx';

/** Shown for the moment between "already signed in" and arriving at the remembered page. */
export default function SignedInNote() {
  return (
    <p role="status" className="text-muted">
      <Msg k="auth.redirecting" />
    </p>
  );
}
