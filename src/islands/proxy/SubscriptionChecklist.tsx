import { useEffect, useState } from 'react';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import { listSubscriptions, type SubscriptionDto } from '@/lib/api/proxy.ts';
import Msg from '../common/Msg.tsx';
import RetryAlert from '../common/RetryAlert.tsx';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'ready'; subscriptions: SubscriptionDto[] }
  | { kind: 'error'; notice: Notice };

const QUERY = { pageNum: 1, pageSize: 100, sort: 'name', order: 'asc' } as const;

/** The subscriptions a token picks (their nodes, as they sync), as checkboxes. */
export default function SubscriptionChecklist({
  chosen,
  onChange,
}: {
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    listSubscriptions(QUERY).then(
      (page) => {
        if (current) setLoaded({ kind: 'ready', subscriptions: page.records });
      },
      (error: unknown) => {
        if (current) setLoaded({ kind: 'error', notice: readFailure(error).notice });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));

  const known = loaded.kind === 'ready' ? loaded.subscriptions : [];
  // Chosen before and gone since (deleted): still listed, so they can be let go.
  const gone =
    loaded.kind === 'ready' ? chosen.filter((id) => !known.some((s) => s.id === id)) : [];

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium">
        <Msg k="proxy.scope.subscriptions" />
      </legend>
      {loaded.kind === 'loading' && (
        <p role="status" className="mt-2 text-sm text-muted">
          <Msg k="proxy.loading" />
        </p>
      )}
      {loaded.kind === 'error' && (
        <RetryAlert
          notice={loaded.notice}
          onRetry={() => setAttempt((n) => n + 1)}
          retryKey="proxy.retry"
          className="mt-2"
        />
      )}
      {loaded.kind === 'ready' && known.length === 0 && gone.length === 0 && (
        <p className="mt-2 text-sm text-muted">
          <Msg k="proxy.scope.noSubscriptions" />
        </p>
      )}
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {known.map((sub) => (
          <li key={sub.id}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(sub.id)}
                onChange={(event) => toggle(sub.id, event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-[var(--atrium-accent)]"
              />
              <span className="min-w-0 break-words">
                {sub.name}{' '}
                <span className="text-xs text-muted">
                  <Msg k="proxy.sub.nodeCount" vars={{ count: sub.nodeCount }} />
                </span>
              </span>
            </label>
          </li>
        ))}
        {gone.map((id) => (
          <li key={id}>
            <label className="flex items-start gap-2 text-sm text-muted">
              <input
                type="checkbox"
                checked
                onChange={() => toggle(id, false)}
                className="mt-0.5 size-4 shrink-0 accent-[var(--atrium-accent)]"
              />
              <span className="min-w-0 break-all">
                <Msg k="proxy.scope.goneSubscription" vars={{ id }} />
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
