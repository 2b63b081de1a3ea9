/** Copying to the clipboard, for every island that offers a "copy" button. */

/** How long a "copied" confirmation stays. */
export const COPIED_MS = 4000;

/** Copies `text`; false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
