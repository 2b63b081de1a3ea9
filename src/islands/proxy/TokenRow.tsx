import type { TokenDto } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import RowActions from '../common/list/RowActions.tsx';
import { formatTime } from '../common/ui.ts';
import ScopeSummary from './ScopeSummary.tsx';
import TokenStatusBadge from './TokenStatusBadge.tsx';
import { hasLimit } from './token-draft.ts';

/** A token in its table: name, what it gives, expiry, limit, uses today, last use, status. */
export default function TokenRow({ token }: { token: TokenDto }) {
  const { locale, t } = useT();
  return (
    <tr className="align-top hover:bg-accent-soft/40">
      <th scope="row" className="px-3 py-2.5 text-left font-normal">
        <a
          href={paths.proxyEdit('token', token.id)}
          className="block max-w-56 truncate font-medium hover:text-accent hover:underline"
        >
          {token.name}
        </a>
      </th>
      <td className="max-w-64 px-3 py-2.5 break-words">
        <ScopeSummary scope={token.scope} />
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        {token.expireTime ? (
          <time dateTime={token.expireTime}>{formatTime(token.expireTime, locale, false)}</time>
        ) : (
          <Msg k="proxy.never" />
        )}
      </td>
      <td className="px-3 py-2.5 tabular-nums">
        {hasLimit(token) ? (
          token.dailyLimit
        ) : (
          <span className="text-muted">
            <Msg k="proxy.limit.none" />
          </span>
        )}
      </td>
      <td className="px-3 py-2.5 tabular-nums">{token.usesToday}</td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        {token.lastUseTime ? (
          <time dateTime={token.lastUseTime}>{formatTime(token.lastUseTime, locale)}</time>
        ) : (
          <span className="text-muted">
            <Msg k="proxy.tokens.neverUsed" />
          </span>
        )}
      </td>
      <td className="px-3 py-2.5">
        <TokenStatusBadge status={token.status} />
      </td>
      <RowActions
        editHref={paths.proxyEdit('token', token.id)}
        edit={{ text: 'proxy.edit', label: t('proxy.tokens.editNamed', { name: token.name }) }}
      />
    </tr>
  );
}
