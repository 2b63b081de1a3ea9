import type { ReactNode } from 'react';
import Msg from '../Msg.tsx';
import DataTable, { type DataTableProps } from './DataTable.tsx';
import ListStatus, { type ListWords } from './ListStatus.tsx';
import Pager from './Pager.tsx';
import TableNote from './TableNote.tsx';
import type { PagedList } from './use-paged-list.ts';

/**
 * A paged list as a table: where it stands (loading, found, failed with a retry), the table with
 * its caption and total, a note while the first page loads or when there is nothing, the rows,
 * and the pager.
 */
export default function PagedTable<T, S extends string>({
  list,
  words,
  empty,
  row,
  ...table
}: DataTableProps<S> & {
  list: PagedList<T>;
  words: ListWords;
  /** What an empty page says (and offers). */
  empty: ReactNode;
  /** A record's row (with its key). */
  row: (record: T) => ReactNode;
}) {
  const { rows, page, loading } = list;
  const span = table.columns.length + 1;
  return (
    <>
      <ListStatus
        loading={loading}
        count={rows.kind === 'ready' ? rows.page.totalRecordNum : null}
        error={rows.kind === 'error' ? rows.text : null}
        onRetry={list.reload}
        words={words}
      />
      <DataTable
        {...table}
        total={page ? page.totalRecordNum : null}
        totalKey={words.total}
        busy={loading}
        dimmed={loading && page !== null}
      >
        {!page && loading && (
          <TableNote columns={span}>
            <Msg k={words.loading} />
          </TableNote>
        )}
        {page && page.records.length === 0 && (
          <TableNote columns={span} muted={false}>
            {empty}
          </TableNote>
        )}
        {page?.records.map(row)}
      </DataTable>
      {page && (
        <Pager
          pageNum={page.pageNum}
          totalPageNum={page.totalPageNum}
          busy={loading}
          onPage={list.goTo}
        />
      )}
    </>
  );
}
