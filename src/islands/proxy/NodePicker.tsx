import { useEffect, useId, useState } from 'react';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import { listNodes, type NodeDto } from '@/lib/api/proxy.ts';
import type { Page } from '@/lib/shared/codes.ts';
import { PROXY_SEARCH_MAX } from '@/lib/shared/limits.ts';
import Msg from '../common/Msg.tsx';
import RetryAlert from '../common/RetryAlert.tsx';
import Pager from '../common/list/Pager.tsx';
import SearchField from '../common/list/SearchField.tsx';
import { useSearchBox } from '../common/list/use-search-box.ts';
import { SMALL_BUTTON_CLASS } from '../common/ui.ts';
import NodeFlag from './NodeFlag.tsx';
import NodeName from './NodeName.tsx';
import { TYPE_KEY } from './words.ts';

const PAGE_SIZE = 20;

type Loaded =
  | { kind: 'loading'; previous: Page<NodeDto> | null }
  | { kind: 'ready'; page: Page<NodeDto> }
  | { kind: 'error'; notice: Notice };

/**
 * The nodes a token picks, one by one: a search over every node, a page of them as checkboxes,
 * and how many are chosen (whichever page they are on).
 */
export default function NodePicker({
  chosen,
  onChange,
}: {
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const [query, setQuery] = useState({ search: '', pageNum: 1 });
  const search = useSearchBox(query, setQuery);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading', previous: null });
  const [attempt, setAttempt] = useState(0);
  const countId = useId();

  useEffect(() => {
    let current = true;
    setLoaded((l) => ({ kind: 'loading', previous: l.kind === 'ready' ? l.page : null }));
    listNodes({
      pageNum: query.pageNum,
      pageSize: PAGE_SIZE,
      search: query.search,
      sort: 'name',
      order: 'asc',
    }).then(
      (page) => {
        if (current) setLoaded({ kind: 'ready', page });
      },
      (error: unknown) => {
        if (current) setLoaded({ kind: 'error', notice: readFailure(error).notice });
      },
    );
    return () => {
      current = false;
    };
  }, [query, attempt]);

  const page =
    loaded.kind === 'ready' ? loaded.page : loaded.kind === 'loading' ? loaded.previous : null;
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));

  return (
    <fieldset className="min-w-0" aria-describedby={countId}>
      <legend className="text-sm font-medium">
        <Msg k="proxy.scope.nodes" />
      </legend>
      <div className="mt-1 flex flex-wrap items-end gap-3">
        {/* Enter searches at once, and never sends the token form around it. */}
        <div
          className="min-w-0 flex-1 basis-56"
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            search.submit();
          }}
        >
          <SearchField
            label="proxy.scope.nodeSearch"
            placeholder="proxy.nodes.searchPlaceholder"
            value={search.text}
            onChange={search.setText}
            maxLength={PROXY_SEARCH_MAX}
          />
        </div>
        <p id={countId} role="status" className="pb-2 text-sm text-muted">
          <Msg k="proxy.scope.nodesChosen" vars={{ count: chosen.length }} />
        </p>
        {chosen.length > 0 && (
          <button
            type="button"
            className={`${SMALL_BUTTON_CLASS} mb-1`}
            onClick={() => onChange([])}
          >
            <Msg k="proxy.scope.clearNodes" />
          </button>
        )}
      </div>
      {loaded.kind === 'error' && (
        <RetryAlert
          notice={loaded.notice}
          onRetry={() => setAttempt((n) => n + 1)}
          retryKey="proxy.retry"
          className="mt-2"
        />
      )}
      {!page && loaded.kind === 'loading' && (
        <p className="mt-2 text-sm text-muted">
          <Msg k="proxy.loading" />
        </p>
      )}
      {page && page.records.length === 0 && (
        <p className="mt-2 text-sm text-muted">
          <Msg k={query.search ? 'proxy.scope.noNodeMatch' : 'proxy.scope.noNodes'} />
        </p>
      )}
      {page && page.records.length > 0 && (
        <ul
          className={`mt-2 divide-y divide-line rounded-lg border border-line ${loaded.kind === 'loading' ? 'opacity-60' : ''}`}
          aria-busy={loaded.kind === 'loading'}
        >
          {page.records.map((node) => (
            <li key={node.id}>
              <label className="flex items-center gap-2 px-3 py-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.includes(node.id)}
                  onChange={(event) => toggle(node.id, event.target.checked)}
                  className="size-4 shrink-0 accent-[var(--atrium-accent)]"
                />
                <NodeFlag region={node.region} />
                <span className="min-w-0 flex-1 break-words">
                  <NodeName name={node.name} />
                </span>
                <span className="text-xs text-muted">
                  <Msg k={TYPE_KEY[node.type]} />
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {page && (
        <Pager
          pageNum={page.pageNum}
          totalPageNum={page.totalPageNum}
          busy={loaded.kind === 'loading'}
          onPage={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
        />
      )}
    </fieldset>
  );
}
