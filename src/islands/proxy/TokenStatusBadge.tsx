import type { TokenStatus } from '@/lib/api/proxy.ts';
import Msg from '../common/Msg.tsx';
import { STATUS_KEY } from './words.ts';

const LOOK: Readonly<Record<TokenStatus, string>> = {
  active: 'bg-accent-soft text-accent',
  expired: 'bg-warn-soft text-warn-fg',
  revoked: 'border border-line text-muted',
};

/** A token's status as a small pill. */
export default function TokenStatusBadge({ status }: { status: TokenStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${LOOK[status]}`}
    >
      <Msg k={STATUS_KEY[status]} />
    </span>
  );
}
