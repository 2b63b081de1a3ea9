/**
 * The record an edit page shows, loaded by the id in its address (`/proxy/<kind>/edit/<id>`):
 * loading, missing (no such id, or the shell itself), failed with a retry, or ready. A form that
 * also adds (no `load`) is ready at once with no record.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LoadState } from '../common/LoadStateCard.tsx';
import { loadFailure } from '../common/load-failure.ts';
import { proxyIdFromPath } from './list-query.ts';

export type Loaded<T> = LoadState | { kind: 'ready'; record: T };

export function useRecord<T>(
  kind: 'node' | 'sub' | 'token',
  load: ((id: string) => Promise<T>) | null,
) {
  const [loader] = useState(() => load);
  const [loaded, setLoaded] = useState<Loaded<T | null>>(
    loader ? { kind: 'loading' } : { kind: 'ready', record: null },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!loader) return;
    const id = proxyIdFromPath(kind, window.location.pathname);
    if (id === null) {
      setLoaded({ kind: 'missing' });
      return;
    }
    let current = true;
    setLoaded({ kind: 'loading' });
    loader(id).then(
      (record) => {
        if (current) setLoaded({ kind: 'ready', record });
      },
      (error: unknown) => {
        if (!current) return;
        setLoaded(loadFailure(error));
      },
    );
    return () => {
      current = false;
    };
  }, [kind, loader, attempt]);

  return {
    loaded,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    /** Shows a record saved here in place of the loaded one. */
    show: useCallback((record: T) => setLoaded({ kind: 'ready', record }), []),
  };
}
