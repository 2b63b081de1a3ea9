import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { deleteTerm, listTerms, type Term } from '@/lib/api/blog-manage.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { Code } from '@/lib/shared/codes.ts';
import { ARTICLE_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import type { TermKind } from '@/lib/shared/term-kinds.ts';
import ConfirmDialog from '../common/ConfirmDialog.tsx';
import Msg from '../common/Msg.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import DataTable from '../common/list/DataTable.tsx';
import ListFilters from '../common/list/ListFilters.tsx';
import ListHeader from '../common/list/ListHeader.tsx';
import ListStatus from '../common/list/ListStatus.tsx';
import TableNote from '../common/list/TableNote.tsx';
import { toggleSort } from '../common/list/list-query.ts';
import { useConfirmedDelete } from '../common/list/use-confirmed-delete.ts';
import { useListQuery, writeAddressQuery } from '../common/list/use-list-query.ts';
import { HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '../common/ui.ts';
import TermRow from './TermRow.tsx';
import { MANAGE_LIST_WORDS as WORDS } from './list-words.ts';
import {
  DEFAULT_TERM_LIST,
  filterAndSortTerms,
  formatTermListState,
  parseTermListState,
  type TermSort,
} from './list-query.ts';

interface Props {
  kind: TermKind;
}

type Loaded =
  { kind: 'loading' } | { kind: 'ready'; terms: Term[] } | { kind: 'error'; notice: Notice };

const COLUMNS: readonly Column<TermSort>[] = [
  { label: 'blogManage.col.name', sort: 'name' },
  { label: 'blogManage.col.count', sort: 'count' },
  { label: 'blogManage.col.updated', sort: 'updateTime' },
];

/** The words that differ between the category and the tag pages. */
const WORDS_OF: Record<TermKind, Record<'caption' | 'new' | 'empty' | 'search', MessageKey>> = {
  category: {
    caption: 'blogManage.categories.caption',
    new: 'blogManage.categories.new',
    empty: 'blogManage.categories.empty',
    search: 'blogManage.categories.search',
  },
  tag: {
    caption: 'blogManage.tags.caption',
    new: 'blogManage.tags.new',
    empty: 'blogManage.tags.empty',
    search: 'blogManage.tags.search',
  },
};

/**
 * The categories or tags of /blog/manage/{category,tag}/list: every one with its count of visible
 * articles, filtered and sorted in the page, with edit links and delete. Deleting a category that
 * still has articles is refused unless they are moved to another category first.
 */
export default function TermTable({ kind }: Props) {
  const { locale, t } = useT();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const { state, setState, ready } = useListQuery(DEFAULT_TERM_LIST, parseTermListState);
  const [attempt, setAttempt] = useState(0);
  const [moveTo, setMoveTo] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const moveSelect = useRef<HTMLSelectElement>(null);
  const ids = { moveTo: useId(), moveHint: useId() };
  const words = WORDS_OF[kind];

  // Filtered in the page: the address follows every change.
  useEffect(() => {
    if (ready) writeAddressQuery(formatTermListState(state));
  }, [state, ready]);

  useEffect(() => {
    let current = true;
    setLoaded((l) => (l.kind === 'ready' ? l : { kind: 'loading' }));
    listTerms(kind).then(
      (terms) => {
        if (current) setLoaded({ kind: 'ready', terms });
      },
      (error: unknown) => {
        if (current) setLoaded({ kind: 'error', notice: readFailure(error).notice });
      },
    );
    return () => {
      current = false;
    };
  }, [kind, attempt]);

  const terms = loaded.kind === 'ready' ? loaded.terms : [];
  const shown = useMemo(() => filterAndSortTerms(terms, state, locale), [terms, state, locale]);

  const removal = useConfirmedDelete(
    (term: Term) => deleteTerm(kind, term.id, moveTo ? Number(moveTo) : undefined),
    (term) => {
      setNotice({ key: 'blogManage.terms.deleted', vars: { name: term.name } });
      setAttempt((n) => n + 1);
    },
    // Refused because the category has articles: the place to choose where they go.
    (failure) => {
      if (kind === 'category' && failure.code === Code.REFUSED) moveSelect.current?.focus();
    },
  );
  const { deleting } = removal;

  const openDelete = (term: Term) => {
    setMoveTo('');
    removal.ask(term);
  };

  const others = terms.filter((term) => term.id !== deleting?.id);

  return (
    <div className="grid gap-4">
      <ListHeader add={{ href: paths.blogManageAdd(kind), text: words.new }} notice={notice} />

      <div className="card min-w-0 overflow-hidden">
        <ListFilters
          words={WORDS}
          className="sm:max-w-md"
          search={{
            label: words.search,
            maxLength: ARTICLE_SEARCH_MAX,
            // Filtered in the page as it is typed: nothing to send.
            box: {
              text: state.search,
              setText: (search) => setState((s) => ({ ...s, search })),
              submit: () => undefined,
            },
          }}
        />

        <ListStatus
          loading={loaded.kind === 'loading'}
          count={loaded.kind === 'ready' ? shown.length : null}
          error={loaded.kind === 'error' ? loaded.notice : null}
          onRetry={() => setAttempt((n) => n + 1)}
          words={WORDS}
        />

        <DataTable
          caption={words.caption}
          total={loaded.kind === 'ready' ? terms.length : null}
          totalKey={WORDS.total}
          busy={loaded.kind === 'loading'}
          minWidthClass="min-w-[36rem]"
          columns={COLUMNS}
          sorting={{ ...state, onSort: (key) => setState((s) => toggleSort(s, key, ['name'])) }}
          actions="blogManage.col.actions"
        >
          {loaded.kind === 'loading' && (
            <TableNote columns={COLUMNS.length + 1}>
              <Msg k="blogManage.list.loading" />
            </TableNote>
          )}
          {loaded.kind === 'ready' && shown.length === 0 && (
            <TableNote columns={COLUMNS.length + 1}>
              <Msg k={terms.length === 0 ? words.empty : WORDS.noMatch} />
            </TableNote>
          )}
          {shown.map((term) => (
            <TermRow key={term.id} kind={kind} term={term} onDelete={() => openDelete(term)} />
          ))}
        </DataTable>
      </div>

      <ConfirmDialog
        {...removal.dialogProps}
        titleKey={
          kind === 'category' ? 'blogManage.categories.deleteTitle' : 'blogManage.tags.deleteTitle'
        }
        titleVars={{ name: deleting?.name ?? '' }}
        confirmKey={moveTo ? 'blogManage.categories.moveAndDelete' : 'blogManage.delete'}
      >
        {kind === 'category' ? (
          <>
            <p>
              <Msg k="blogManage.categories.deleteBody" />
            </p>
            {others.length > 0 && (
              <div className="mt-4 text-fg">
                <label htmlFor={ids.moveTo} className={LABEL_CLASS}>
                  <Msg k="blogManage.categories.moveTo" />
                </label>
                <select
                  ref={moveSelect}
                  id={ids.moveTo}
                  value={moveTo}
                  aria-describedby={ids.moveHint}
                  onChange={(event) => setMoveTo(event.target.value)}
                  className={INPUT_CLASS}
                >
                  <option value="">{t('blogManage.categories.moveNone')}</option>
                  {others.map((term) => (
                    <option key={term.id} value={term.id}>
                      {term.name}
                    </option>
                  ))}
                </select>
                <p id={ids.moveHint} className={HINT_CLASS}>
                  <Msg k="blogManage.categories.moveHint" />
                </p>
              </div>
            )}
          </>
        ) : (
          <p>
            <Msg k="blogManage.tags.deleteBody" />
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
