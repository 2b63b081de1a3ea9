import type { TokenUse } from '@/lib/api/proxy.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import { formatTime } from '../common/ui.ts';
import { formatBytes } from './format.ts';
import { OUTCOME_KEY } from './words.ts';

const FORMAT_KEY: Readonly<Record<string, MessageKey>> = {
  v2ray: 'proxy.uses.format.v2ray',
  clash: 'proxy.uses.format.clash',
  'sing-box': 'proxy.uses.format.singBox',
  page: 'proxy.uses.format.page',
};

/** One request made with a token's link: when, from where, by which client, what it got. */
export default function TokenUseRow({ use }: { use: TokenUse }) {
  const { locale } = useT();
  const formatKey = FORMAT_KEY[use.format];
  return (
    <tr className="align-top hover:bg-accent-soft/40">
      <th scope="row" className="px-3 py-2.5 text-left font-normal whitespace-nowrap">
        <time dateTime={use.time}>{formatTime(use.time, locale)}</time>
      </th>
      <td className="px-3 py-2.5 font-mono text-xs break-all">{use.ip}</td>
      <td className="max-w-48 truncate px-3 py-2.5">
        {use.client ?? (
          <span className="text-muted">
            <Msg k="proxy.uses.unknownClient" />
          </span>
        )}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        {formatKey ? <Msg k={formatKey} /> : use.format}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap tabular-nums">
        {formatBytes(use.bytes, locale)}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <span className={use.outcome === 'ok' ? 'text-accent' : 'font-medium text-warn-fg'}>
          <Msg k={OUTCOME_KEY[use.outcome]} />
        </span>
      </td>
      <td className="px-3 py-2.5 text-right">
        <details className="inline-block max-w-72 text-left">
          <summary className="cursor-pointer text-sm text-accent">
            <Msg k="proxy.uses.userAgent" />
          </summary>
          <code className="mt-1 block font-mono text-xs break-all text-muted">
            {use.userAgent || '—'}
          </code>
        </details>
      </td>
    </tr>
  );
}
