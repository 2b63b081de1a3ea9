import type { ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import type { ListWords } from './ListStatus.tsx';
import PageSizeSelect from './PageSizeSelect.tsx';
import SearchField from './SearchField.tsx';
import type { SearchBox } from './use-search-box.ts';

/** The search field of a list: its words and the longest search the server takes. */
export interface SearchSpec {
  label: MessageKey;
  placeholder?: MessageKey;
  maxLength: number;
}

/**
 * The filter bar above a list's table (a search landmark): the search, the list's own filters,
 * then the page size when the list is paged. Enter searches at once.
 */
export default function ListFilters({
  words,
  className = '',
  search,
  paging,
  children,
}: {
  words: ListWords;
  /** The grid's columns (e.g. sm:grid-cols-2). */
  className?: string;
  search: SearchSpec & { box: SearchBox };
  paging?: {
    state: { pageSize: number };
    update: (change: { pageSize: number }) => void;
  };
  children?: ReactNode;
}) {
  const { t } = useT();
  const { box, ...field } = search;
  return (
    <form
      role="search"
      aria-label={t(words.filters)}
      className={`grid gap-4 border-b border-line p-4 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        box.submit();
      }}
    >
      <SearchField {...field} value={box.text} onChange={box.setText} />
      {children}
      {paging && (
        <PageSizeSelect
          label={words.pageSize}
          value={paging.state.pageSize}
          onChange={(pageSize) => paging.update({ pageSize })}
        />
      )}
    </form>
  );
}
