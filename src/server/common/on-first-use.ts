/**
 * A loader run at the first call, its promise shared by every later call: for modules that most
 * servers rarely need (image processing, mail, dictionaries), loaded on first use, not at start.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
