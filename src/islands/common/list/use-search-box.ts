/**
 * The search box of a paged list: what is typed settles for SEARCH_DEBOUNCE_MS before the list's
 * search changes (a new search starts at page 1); until something is typed it shows the search
 * the list has (from the address).
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What the search field of a list shows and does. */
export interface SearchBox {
  text: string;
  setText: (text: string) => void;
  /** Searches at once (Enter). */
  submit: () => void;
}

export function useSearchBox<S extends { search: string; pageNum: number }>(
  state: S,
  setState: Dispatch<SetStateAction<S>>,
): SearchBox & { clear: () => void } {
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => {
    if (typed === null) return;
    const search = typed.trim();
    const timer = setTimeout(() => {
      setState((s) => (s.search === search ? s : { ...s, search, pageNum: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, setState]);

  const text = typed ?? state.search;
  return {
    text,
    setText: setTyped,
    submit: () => setState((s) => ({ ...s, search: text.trim(), pageNum: 1 })),
    /** Empties the box along with the list's filters. */
    clear: () => setTyped(null),
  };
}
