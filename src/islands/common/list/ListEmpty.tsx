import type { ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../Msg.tsx';
import type { ListWords } from './ListStatus.tsx';

/**
 * What an empty list says: nothing matches the filters (with the button that clears them), or
 * there is nothing yet (`emptyKey`, with `action`, e.g. a link to add one).
 */
export default function ListEmpty({
  words,
  filtered,
  emptyKey,
  onClear,
  action,
}: {
  words: ListWords;
  filtered: boolean;
  emptyKey: MessageKey;
  onClear: () => void;
  action?: ReactNode;
}) {
  return (
    <>
      <p className="text-muted">
        <Msg k={filtered ? words.noMatch : emptyKey} />
      </p>
      {filtered ? (
        <button type="button" className="btn mt-3" onClick={onClear}>
          <Msg k={words.clearFilters} />
        </button>
      ) : (
        action
      )}
    </>
  );
}
