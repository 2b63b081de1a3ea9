import type { TokenScope } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import { TYPE_KEY } from './words.ts';

/** What a token gives, in a line: every node; so many subscriptions and nodes; or its filter. */
export default function ScopeSummary({ scope }: { scope: TokenScope }) {
  const { t } = useT();
  if (scope.mode === 'all') return <Msg k="proxy.scope.allSummary" />;
  if (scope.mode === 'pick') {
    return (
      <Msg
        k="proxy.scope.pickSummary"
        vars={{ subs: scope.subscriptionIds.length, nodes: scope.nodeIds.length }}
      />
    );
  }
  return (
    <span className="grid gap-0.5">
      <Msg k="proxy.scope.filterSummary" />
      <span className="text-xs text-muted">
        {scope.include !== '' && (
          <span className="mr-2 inline-block">
            <Msg k="proxy.scope.including" vars={{ pattern: scope.include }} />
          </span>
        )}
        {scope.exclude !== '' && (
          <span className="mr-2 inline-block">
            <Msg k="proxy.scope.excluding" vars={{ pattern: scope.exclude }} />
          </span>
        )}
        <span className="inline-block">
          {scope.types.length === 0 ? (
            <Msg k="proxy.scope.anyType" />
          ) : (
            scope.types.map((type) => t(TYPE_KEY[type])).join(', ')
          )}
        </span>
      </span>
    </span>
  );
}
