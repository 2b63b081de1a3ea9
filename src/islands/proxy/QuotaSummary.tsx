import type { Userinfo } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import { formatTime } from '../common/ui.ts';
import { formatBytes, quotaOf, usedShare } from './format.ts';

/** What the provider says of the account: traffic used of the total, and when it expires. */
export default function QuotaSummary({ userinfo }: { userinfo: Userinfo | null }) {
  const { locale } = useT();
  const quota = quotaOf(userinfo);
  if (!quota) {
    return (
      <span className="text-muted">
        <Msg k="proxy.quota.none" />
      </span>
    );
  }
  const share = usedShare(quota);
  const used = quota.used === null ? null : formatBytes(quota.used, locale);
  const total = quota.total === null ? null : formatBytes(quota.total, locale);
  return (
    <span className="grid gap-1">
      {used !== null && total !== null && (
        <Msg k="proxy.quota.usedOfTotal" vars={{ used, total }} />
      )}
      {used !== null && total === null && <Msg k="proxy.quota.used" vars={{ used }} />}
      {used === null && total !== null && <Msg k="proxy.quota.total" vars={{ total }} />}
      {share !== null && (
        <span className="block h-1.5 w-24 overflow-hidden rounded-full bg-line" aria-hidden="true">
          <span
            className={`block h-full ${share > 0.9 ? 'bg-warn-fg' : 'bg-accent'}`}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </span>
      )}
      {quota.expire && (
        <span className="text-xs text-muted">
          <Msg k="proxy.quota.expires" vars={{ date: formatTime(quota.expire, locale, false) }} />
        </span>
      )}
    </span>
  );
}
