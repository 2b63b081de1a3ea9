import Msg from '../common/Msg.tsx';

/** "or" between the form and the other ways to sign in. */
export default function OrDivider() {
  return (
    <p className="flex items-center gap-3 text-xs text-muted">
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
      <Msg k="auth.or" />
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
    </p>
  );
}
