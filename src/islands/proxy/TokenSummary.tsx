import type { TokenDto } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import FactList, { type Fact } from '../common/FactList.tsx';
import Msg from '../common/Msg.tsx';
import { formatTime } from '../common/ui.ts';
import ScopeSummary from './ScopeSummary.tsx';
import TokenStatusBadge from './TokenStatusBadge.tsx';
import { hasLimit } from './token-draft.ts';

/** The head of a token's page: name, status, what it gives, expiry, use, dates. */
export default function TokenSummary({ token }: { token: TokenDto }) {
  const { locale } = useT();
  const facts: Fact[] = [
    ['proxy.col.scope', <ScopeSummary key="scope" scope={token.scope} />],
    [
      'proxy.col.expiry',
      token.expireTime ? formatTime(token.expireTime, locale) : <Msg key="never" k="proxy.never" />,
    ],
    [
      'proxy.col.usesToday',
      !hasLimit(token) ? (
        String(token.usesToday)
      ) : (
        <Msg
          key="uses"
          k="proxy.token.usesOfLimit"
          vars={{ count: token.usesToday, limit: token.dailyLimit ?? 0 }}
        />
      ),
    ],
    [
      'proxy.col.lastUse',
      token.lastUseTime ? (
        formatTime(token.lastUseTime, locale)
      ) : (
        <Msg key="unused" k="proxy.tokens.neverUsed" />
      ),
    ],
    ['proxy.col.created', formatTime(token.createTime, locale)],
    ['proxy.col.updated', formatTime(token.updateTime, locale)],
  ];
  return (
    <section aria-labelledby="token-title" className="card min-w-0 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="token-title" className="min-w-0 text-xl font-semibold break-words">
          {token.name}
        </h2>
        <TokenStatusBadge status={token.status} />
      </div>
      <FactList facts={facts} columns={3} />
    </section>
  );
}
