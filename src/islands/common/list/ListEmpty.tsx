import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from '../Msg.tsx';
import type { AddLink } from './ListHeader.tsx';
import type { ListWords } from './ListStatus.tsx';

/**
 * What an empty list says: nothing matches the filters (with the button that clears them), or
 * there is nothing yet (`emptyKey`, with the link to add the first one when there is `add`).
 */
export default function ListEmpty({
  words,
  filtered,
  emptyKey,
  onClear,
  add,
}: {
  words: ListWords;
  filtered: boolean;
  emptyKey: MessageKey;
  onClear: () => void;
  add?: AddLink;
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
        add && (
          <a href={add.href} className="btn mt-3">
            <Msg k={add.text} />
          </a>
        )
      )}
    </>
  );
}
