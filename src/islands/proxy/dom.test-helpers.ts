/** DOM helpers shared by the tests of the proxy islands (React in happy-dom). */
import { act } from 'react';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Lets pending promises and effects run. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The button whose accessible name or text includes `label`. */
export function button(host: ParentNode, label: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find(
    (b) => b.getAttribute('aria-label') === label || b.textContent?.includes(label),
  );
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

/** Types into an input or textarea as React sees it. */
export async function type(
  field: HTMLInputElement | HTMLTextAreaElement,
  value: string,
): Promise<void> {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Clicks as a person would, inside act. */
export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
}

/** The form control labelled `text` (by <label for>). */
export function field<T extends HTMLElement = HTMLInputElement>(host: ParentNode, text: string): T {
  const label = [...host.querySelectorAll('label')].find((l) => l.textContent?.includes(text));
  const id = label?.getAttribute('for');
  const found = id ? host.querySelector<T>(`[id="${id}"]`) : null;
  if (!found) throw new Error(`no field ${text}`);
  return found;
}
