/** Class names and small formatting helpers shared by the islands of every section. */
export const INPUT_CLASS =
  'mt-1 block min-h-10 w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:border-accent disabled:opacity-60 aria-[invalid=true]:border-warn-fg';

export const LABEL_CLASS = 'block text-sm font-medium';

export const HINT_CLASS = 'mt-1 text-xs text-muted';

export const BUTTON_BUSY_CLASS = 'disabled:cursor-not-allowed disabled:opacity-60';

export const ERROR_CLASS = 'text-sm font-medium text-red-700 dark:text-red-300';

/** A compact button or button-like link (table rows, pickers); the delete one turns red. */
export const SMALL_BUTTON_CLASS = 'btn min-h-9 py-1';
export const ROW_DELETE_CLASS = `${SMALL_BUTTON_CLASS} hover:border-red-700 hover:text-red-700 dark:hover:border-red-300 dark:hover:text-red-300`;

export const DANGER_BUTTON_CLASS =
  'btn border-red-700 bg-red-700 text-white hover:border-red-800 hover:bg-red-800 hover:text-white dark:border-red-400 dark:bg-red-400 dark:text-black dark:hover:text-black';

/** A date and time in the visitor's language; the raw text when it cannot be read. */
export function formatTime(iso: string, locale: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(date);
}
