/**
 * The state of a list whose query lives in the page's address, read from it once the page runs:
 * `ready` is false until then, so nothing loads twice. Changes are written back by the rows hook
 * (use-paged-rows.ts) or, for a list filtered in the page, with `writeAddressQuery`.
 */
import { useEffect, useRef, useState } from 'react';

/** Replaces the address's query (`?…`) without a new history entry. */
export function writeAddressQuery(query: string): void {
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${query ? `?${query}` : ''}`,
  );
}

export function useListQuery<S>(initial: S, parse: (search: string) => S) {
  const [state, setState] = useState<S>(initial);
  const [ready, setReady] = useState(false);
  const parseRef = useRef(parse);

  useEffect(() => {
    setState(parseRef.current(window.location.search));
    setReady(true);
  }, []);

  return { state, setState, ready };
}
