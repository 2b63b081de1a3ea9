import { useEffect, type RefObject } from 'react';
import { ISLAND_READY_EVENT } from '@/lib/interaction-ready.ts';

/**
 * For a form island that hydrates on first use (`client:interaction`,
 * src/lib/interaction-directive.ts): what the visitor typed into the prebuilt fields before React
 * took them over goes into the island's state, once, on mount. Hydration keeps the typed text in
 * the page, but the next render would put each controlled field back to its state. Then tells
 * the directive the form is ready, so that a submit held meanwhile is made again through it.
 * `setters` maps a field's `name` to its state setter.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  setters: Readonly<Record<string, (value: string) => void>>,
): void {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    for (const [name, set] of Object.entries(setters)) {
      const field = element.elements.namedItem(name);
      const typed =
        field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
          ? field.value
          : '';
      if (typed !== '') set(typed);
    }
    element.dispatchEvent(new Event(ISLAND_READY_EVENT, { bubbles: true }));
    // Once, on mount: later renders own the fields.
  }, []);
}
